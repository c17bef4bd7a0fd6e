import { createRoute } from '@hono/zod-openapi';
import type { z } from 'zod';
import { IdParamSchema } from '../../lib/contract/billing';
import { ErrorEnvelopeSchema } from '../../lib/contract/envelope';
import {
  AccountSessionsSchema,
  ChangeEmailRequestSchema,
  ChangePasswordRequestSchema,
  DeleteAccountRequestSchema,
  RestoreEmailRequestSchema,
  RestoreEmailResponseSchema,
  UpdateProfileRequestSchema,
  UserResponseSchema,
  userData,
} from '../../lib/contract/user';
import { ApiError, errorMessages, requestLanguage } from '../errors';
import { clearSessionCookie, setSessionCookies } from '../middleware/cookies';
import { sessionClientOf } from '../middleware/request-context';
import { requireSession, sessionOf } from '../middleware/session';
import { changeEmail, changePassword, restoreEmail, scheduleDeletion, updateDisplayName } from '../services/accounts/accounts';
import { listAccountSessions, revokeOwnSession, revokeUserSessions } from '../services/accounts/sessions';
import { createRouter, errorResponses, jsonBody, jsonContent, sessionErrorResponses, throttledResponse } from './openapi';

function userCall<S extends z.ZodType>(path: string, schema: S, description: string) {
  return createRoute({
    method: 'put',
    path,
    tags: ['user'],
    middleware: [requireSession] as const,
    request: jsonBody(schema),
    responses: { 200: jsonContent(UserResponseSchema, description), ...sessionErrorResponses, ...throttledResponse },
  });
}

const email = userCall('/user/email', ChangeEmailRequestSchema, 'Code mailed (Data show), or address changed and other sessions ended');
const password = userCall('/user/password', ChangePasswordRequestSchema, 'Password changed; other sessions ended');
const profile = userCall('/user/profile', UpdateProfileRequestSchema, 'Display name changed');
const deleteAccount = userCall('/user/delete-account', DeleteAccountRequestSchema, 'Deletion scheduled; the session ends');

/** Opened from the link mailed to the old address, often on another device: no session needed. */
const restore = createRoute({
  method: 'post',
  path: '/user/restore-email',
  tags: ['user'],
  request: jsonBody(RestoreEmailRequestSchema),
  responses: {
    200: jsonContent(RestoreEmailResponseSchema, 'The previous address is back; every session of the account has ended'),
    ...errorResponses,
    409: {
      description: 'The previous address now belongs to another account',
      content: { 'application/json': { schema: ErrorEnvelopeSchema } },
    },
    ...throttledResponse,
  },
});

const sessionList = jsonContent(AccountSessionsSchema, 'The live sessions of the account: this one first, then the latest used');

const listSessions = createRoute({
  method: 'get',
  path: '/user/sessions',
  tags: ['user'],
  middleware: [requireSession] as const,
  responses: { 200: sessionList, ...sessionErrorResponses },
});

const endSession = createRoute({
  method: 'delete',
  path: '/user/sessions/{id}',
  tags: ['user'],
  middleware: [requireSession] as const,
  request: { params: IdParamSchema },
  responses: {
    200: { ...sessionList, description: 'That session ended; the sessions left' },
    ...sessionErrorResponses,
    404: {
      description: 'No live session of this account has the id',
      content: { 'application/json': { schema: ErrorEnvelopeSchema } },
    },
  },
});

const endOtherSessions = createRoute({
  method: 'post',
  path: '/user/sessions/sign-out-others',
  tags: ['user'],
  middleware: [requireSession] as const,
  responses: { 200: { ...sessionList, description: 'Every other session ended; this one is left' }, ...sessionErrorResponses },
});

const done = { ErrorMessages: [], Data: null };

export const userRoutes = createRouter()
  .openapi(email, async (c) => {
    const body = c.req.valid('json');
    const language = requestLanguage(c);
    const outcome = await changeEmail(c.get('deps'), sessionOf(c), {
      newEmail: body.NewEmailAddress,
      password: body.CurrentPassword,
      code: body.Code,
      language,
      ip: c.get('clientAddress'),
    });
    switch (outcome) {
      case 'code-sent': {
        const messages = errorMessages(language, [{ key: 'codeSent', values: { email: body.NewEmailAddress } }]);
        return c.json({ ErrorMessages: messages, Data: userData.showCode }, 200);
      }
      case 'code-wrong':
        throw new ApiError(400, { key: 'codeWrong' }, { data: userData.showCode });
      case 'code-expired':
        throw new ApiError(400, { key: 'codeExpired' }, { data: userData.showCode });
      case 'address-taken':
        throw new ApiError(400, { key: 'addressUnavailable' }, { data: userData.hideCode });
      case 'changed':
        return c.json(done, 200);
    }
  })
  .openapi(password, async (c) => {
    const body = c.req.valid('json');
    const issued = await changePassword(c.get('deps'), sessionOf(c), body.CurrentPassword, body.NewPassword, sessionClientOf(c));
    setSessionCookies(c, issued);
    return c.json(done, 200);
  })
  .openapi(profile, async (c) => {
    const body = c.req.valid('json');
    await updateDisplayName(c.get('deps'), sessionOf(c), body.DisplayName || null);
    return c.json(done, 200);
  })
  .openapi(deleteAccount, async (c) => {
    const body = c.req.valid('json');
    await scheduleDeletion(c.get('deps'), sessionOf(c), body.CurrentPassword, requestLanguage(c));
    clearSessionCookie(c);
    return c.json(done, 200);
  })
  .openapi(restore, async (c) => {
    const body = c.req.valid('json');
    const restored = await restoreEmail(c.get('deps'), body.Token, c.get('clientAddress'));
    // The caller's own session may be one of those just ended.
    if (c.get('session')?.user.id === restored.userId) clearSessionCookie(c);
    return c.json({ ErrorMessages: [], EmailAddress: restored.email }, 200);
  })
  .openapi(listSessions, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { db, clock, config } = c.get('deps');
    return c.json({ Sessions: await listAccountSessions(db, clock, sessionOf(c), config.sessionIdleMs) }, 200);
  })
  .openapi(endSession, async (c) => {
    const { db, clock, config } = c.get('deps');
    const session = sessionOf(c);
    await revokeOwnSession(db, clock, session, c.req.valid('param').id, config.sessionIdleMs);
    return c.json({ Sessions: await listAccountSessions(db, clock, session, config.sessionIdleMs) }, 200);
  })
  .openapi(endOtherSessions, async (c) => {
    const { db, clock, config } = c.get('deps');
    const session = sessionOf(c);
    await revokeUserSessions(db, session.user.id, session.tokenHash);
    return c.json({ Sessions: await listAccountSessions(db, clock, session, config.sessionIdleMs) }, 200);
  });
