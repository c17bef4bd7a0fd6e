import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { getCookie } from 'hono/cookie';
import {
  LoginRequestSchema,
  LoginResponseSchema,
  SessionInfoSchema,
  SignupRequestSchema,
  SignupResponseSchema,
} from '../../lib/contract/auth';
import { ApiError, errorMessages, requestLanguage } from '../errors';
import { clearSessionCookie, DEVICE_COOKIE, setDeviceCookie, setSessionCookies } from '../middleware/cookies';
import { logIn, sessionInfoOf, signUp } from '../services/accounts/accounts';
import { revokeSession } from '../services/accounts/sessions';
import { createRouter, errorResponses, jsonBody, jsonContent, throttledResponse } from './openapi';

const sessionInfo = createRoute({
  method: 'get',
  path: '/auth/session-info',
  tags: ['auth'],
  responses: { 200: jsonContent(SessionInfoSchema, 'The caller’s session; UserName is null when anonymous'), ...errorResponses },
});

const login = createRoute({
  method: 'post',
  path: '/auth/login',
  tags: ['auth'],
  request: jsonBody(LoginRequestSchema),
  responses: {
    200: jsonContent(LoginResponseSchema, 'Logged in; the session cookie is set'),
    ...errorResponses,
    ...throttledResponse,
  },
});

const signup = createRoute({
  method: 'post',
  path: '/auth/signup',
  tags: ['auth'],
  request: jsonBody(SignupRequestSchema),
  responses: {
    200: jsonContent(SignupResponseSchema, 'A code was mailed (CodeResult show), or the account was created and logged in'),
    ...errorResponses,
    ...throttledResponse,
  },
});

const logout = createRoute({
  method: 'put',
  path: '/auth/logout',
  tags: ['auth'],
  responses: { 200: jsonContent(z.object({}), 'The session is revoked'), ...errorResponses },
});

const anonymous = { UserName: null, DisplayName: null, Claims: [] };

export const authRoutes = createRouter()
  .openapi(sessionInfo, async (c) => {
    c.header('Cache-Control', 'no-store');
    const session = c.get('session');
    return c.json(session ? await sessionInfoOf(c.get('deps'), session.user) : anonymous, 200);
  })
  .openapi(login, async (c) => {
    const body = c.req.valid('json');
    const deps = c.get('deps');
    const result = await logIn(deps, {
      email: body.UserName,
      password: body.Password,
      cookieConsent: body.CookieConsent,
      ip: c.get('clientAddress'),
      previousSession: c.get('session'),
      deviceToken: getCookie(c, DEVICE_COOKIE),
    });
    if (!result) throw new ApiError(400, { key: 'wrongCredentials' });
    setSessionCookies(c, result.session);
    setDeviceCookie(c, result.deviceToken);
    return c.json(
      {
        Errors: [],
        SessionInfo: await sessionInfoOf(deps, result.user),
        ...(result.deletionCancelled ? { DeletionCancelled: true as const } : {}),
      },
      200,
    );
  })
  .openapi(signup, async (c) => {
    const body = c.req.valid('json');
    const deps = c.get('deps');
    const language = requestLanguage(c);
    const outcome = await signUp(deps, {
      email: body.UserName,
      password: body.Password,
      code: body.Code,
      cookieConsent: body.CookieConsent,
      language,
      ip: c.get('clientAddress'),
    });
    const refuse = (key: 'codeWrong' | 'codeExpired' | 'addressTaken', codeResult: 'show' | 'hide') => {
      throw new ApiError(400, { key }, { extra: { CodeResult: codeResult } });
    };
    switch (outcome.kind) {
      case 'code-sent':
        return c.json(
          {
            Errors: errorMessages(language, [{ key: 'codeSent', values: { email: outcome.email } }]),
            CodeResult: 'show' as const,
            SessionInfo: null,
          },
          200,
        );
      case 'code-wrong':
        return refuse('codeWrong', 'show');
      case 'code-expired':
        return refuse('codeExpired', 'show');
      case 'address-taken':
        return refuse('addressTaken', 'hide');
      case 'created':
        setSessionCookies(c, outcome.session);
        return c.json({ Errors: [], CodeResult: null, SessionInfo: await sessionInfoOf(deps, outcome.user) }, 200);
    }
  })
  .openapi(logout, async (c) => {
    const session = c.get('session');
    if (session) await revokeSession(c.get('deps').db, session.tokenHash);
    clearSessionCookie(c);
    return c.json({}, 200);
  });
