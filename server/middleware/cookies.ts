import type { MiddlewareHandler } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { SESSION_COOKIE, XSRF_COOKIE } from '../../lib/contract/http';
import type { AppEnv } from '../deps';
import { randomToken } from '../services/platform/crypto';
import { knownDeviceLifetimeMs } from '../services/accounts/known-devices';
import { sessionLifetimeMs, type IssuedSession } from '../services/accounts/sessions';

// The cookies the backend sets: session and request-forgery token. Kept apart from the
// middleware that reads them, so the error mapper can end a session without depending on it.

type Context = Parameters<MiddlewareHandler<AppEnv>>[0];

export function setSessionCookies(c: Context, issued: IssuedSession): void {
  setCookie(c, SESSION_COOKIE, issued.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: c.get('deps').config.secureCookies,
    maxAge: Math.floor(sessionLifetimeMs / 1000),
  });
  issueXsrfCookie(c, issued.xsrfToken);
}

/** The browser an account logged in from (services/accounts/known-devices.ts); only the login reads it. */
export const DEVICE_COOKIE = 'device';

export function setDeviceCookie(c: Context, token: string): void {
  setCookie(c, DEVICE_COOKIE, token, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'Strict',
    secure: c.get('deps').config.secureCookies,
    maxAge: Math.floor(knownDeviceLifetimeMs / 1000),
  });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: c.get('deps').config.secureCookies });
}

export function issueXsrfCookie(c: Context, token = randomToken(24)): void {
  setCookie(c, XSRF_COOKIE, token, {
    path: '/',
    sameSite: 'Lax',
    secure: c.get('deps').config.secureCookies,
    httpOnly: false,
  });
}
