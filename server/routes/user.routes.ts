import { createRoute } from '@hono/zod-openapi';
import type { z } from 'zod';
import { ErrorEnvelopeSchema } from '../../lib/contract/envelope';
import {
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
import { requireSession, sessionOf } from '../middleware/session';
import { changeEmail, changePassword, restoreEmail, scheduleDeletion, updateDisplayName } from '../services/accounts/accounts';
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

const email = userCall('/user/email', ChangeEmailRequestSchema, 'Code mailed (Data show) or address changed');
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

const done = { ErrorMessages: [], Data: null };

export const userRoutes = createRouter()
  .openapi(email, async (c) => {
    const body = c.req.valid('json');
    const language = requestLanguage(c);
    const outcome = await changeEmail(c.get('deps'), sessionOf(c), {
      newEmail: body.NewEmailAddress,
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
    const issued = await changePassword(c.get('deps'), sessionOf(c), body.CurrentPassword, body.NewPassword);
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
  });
