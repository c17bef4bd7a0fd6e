import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { getCookie } from 'hono/cookie';
import {
  LoginCodeRequestSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  PasswordResetCompletionSchema,
  PasswordResetRequestSchema,
  PasswordResetResponseSchema,
  SessionInfoSchema,
  SignupRequestSchema,
  SignupResponseSchema,
} from '../../lib/contract/auth';
import { ApiError, errorMessages, requestLanguage } from '../errors';
import { clearSessionCookie, DEVICE_COOKIE, setDeviceCookie, setSessionCookies } from '../middleware/cookies';
import { sessionClientOf } from '../middleware/request-context';
import { pendingLoginOf, requirePendingLogin } from '../middleware/session';
import { logIn, logInWithCode, sessionInfoOf, signUp, type LoggedIn, type LoginStep } from '../services/accounts/accounts';
import { completePasswordReset, requestPasswordReset } from '../services/accounts/password-reset';
import { revokeSession } from '../services/accounts/sessions';
import type { Context } from 'hono';
import type { AppEnv } from '../deps';
import { createRouter, errorResponses, jsonBody, jsonContent, sessionErrorResponses, throttledResponse } from './openapi';

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
    200: jsonContent(LoginResponseSchema, 'Logged in; or, with two-step sign-in on, SecondFactor required and no SessionInfo yet'),
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

const passwordReset = createRoute({
  method: 'post',
  path: '/auth/password-reset',
  tags: ['auth'],
  request: jsonBody(PasswordResetRequestSchema),
  responses: {
    200: jsonContent(PasswordResetResponseSchema, 'A notice: the same whether or not the address has an account'),
    ...errorResponses,
    ...throttledResponse,
  },
});

/** Opened from the mailed link, often on another device: no session needed. */
const passwordResetCompletion = createRoute({
  method: 'post',
  path: '/auth/password-reset/complete',
  tags: ['auth'],
  request: jsonBody(PasswordResetCompletionSchema),
  responses: {
    200: jsonContent(
      LoginResponseSchema,
      'The password is replaced, every other session ended, and this browser logged in (or, with two-step sign-in on, SecondFactor required)',
    ),
    ...errorResponses,
    ...throttledResponse,
  },
});

const loginCode = createRoute({
  method: 'post',
  path: '/auth/second-factor',
  tags: ['auth'],
  middleware: [requirePendingLogin] as const,
  request: jsonBody(LoginCodeRequestSchema),
  responses: {
    200: jsonContent(LoginResponseSchema, 'The two-step code passed: logged in, a new session cookie is set'),
    ...sessionErrorResponses,
    ...throttledResponse,
  },
});

const anonymous = { UserName: null, DisplayName: null, Claims: [] };

/**
 * Sets the cookies of a complete login (by password alone, with the two-step code, or by a
 * reset link) and answers its SessionInfo.
 */
async function loggedIn(c: Context<AppEnv>, result: LoggedIn) {
  setSessionCookies(c, result.session);
  setDeviceCookie(c, result.deviceToken);
  return {
    Errors: [],
    SessionInfo: await sessionInfoOf(c.get('deps'), result.user),
    ...(result.deletionCancelled ? { DeletionCancelled: true as const } : {}),
  };
}

/** The proven owner's answer: logged in, or the cookie of the wait for the two-step code. */
async function loginStepAnswer(c: Context<AppEnv>, step: LoginStep) {
  if (!('codeOwed' in step)) return loggedIn(c, step);
  setSessionCookies(c, step.codeOwed);
  return { Errors: [], SessionInfo: null, SecondFactor: 'required' as const };
}

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
      previousSession: c.get('session') ?? c.get('pendingLogin'),
      deviceToken: getCookie(c, DEVICE_COOKIE),
      client: sessionClientOf(c),
    });
    if (!result) throw new ApiError(400, { key: 'wrongCredentials' });
    return c.json(await loginStepAnswer(c, result), 200);
  })
  .openapi(loginCode, async (c) => {
    const body = c.req.valid('json');
    const deps = c.get('deps');
    const result = await logInWithCode(deps, pendingLoginOf(c), {
      code: body.Code,
      cookieConsent: body.CookieConsent,
      deviceToken: getCookie(c, DEVICE_COOKIE),
      client: sessionClientOf(c),
    });
    return c.json(await loggedIn(c, result), 200);
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
      client: sessionClientOf(c),
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
    const session = c.get('session') ?? c.get('pendingLogin');
    if (session) await revokeSession(c.get('deps').db, session.tokenHash);
    clearSessionCookie(c);
    return c.json({}, 200);
  })
  .openapi(passwordReset, async (c) => {
    const language = requestLanguage(c);
    const email = await requestPasswordReset(c.get('deps'), {
      email: c.req.valid('json').UserName,
      language,
      ip: c.get('clientAddress'),
    });
    return c.json({ Errors: errorMessages(language, [{ key: 'resetLinkSent', values: { email } }]) }, 200);
  })
  .openapi(passwordResetCompletion, async (c) => {
    const body = c.req.valid('json');
    const step = await completePasswordReset(c.get('deps'), {
      token: body.Token,
      password: body.NewPassword,
      ip: c.get('clientAddress'),
      previousSession: c.get('session') ?? c.get('pendingLogin'),
      client: sessionClientOf(c),
    });
    return c.json(await loginStepAnswer(c, step), 200);
  });
