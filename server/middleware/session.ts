import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { SESSION_COOKIE } from '../../lib/contract/http';
import type { AppEnv } from '../env';
import { ApiError, requestLanguage } from '../errors';
import { findSession, markSessionUsed, rememberLanguage, sessionLifetimeMs, type ActiveSession, type IssuedSession } from '../services/sessions';
import { routeIs, sameForEveryone } from './route-access';
import { issueXsrfCookie } from './xsrf';

/**
 * Loads the caller's session from its cookie, if any; an unknown cookie is dropped. Public
 * reference reads (the catalog, countries, …) never look at it, so they cost no query.
 */
export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = getCookie(c, SESSION_COOKIE);
  if (token && !routeIs(c, sameForEveryone)) {
    const { db, clock, readCache, config } = c.get('deps');
    const session = await findSession(db, clock, token, config.sessionIdleMs, readCache);
    if (session) {
      c.set('session', session);
      await markSessionUsed(db, clock, session);
      if (c.req.header('Accept-Language')) await rememberLanguage(db, session, requestLanguage(c));
    } else clearSessionCookie(c);
  }
  await next();
};

/**
 * The caller's live session: the one way handlers read it. Throws the 401 of requireSession
 * when there is none, so a handler mounted without that middleware still cannot run unsigned.
 */
export function sessionOf(c: Context<AppEnv>): ActiveSession {
  const session = c.get('session');
  if (!session) throw new ApiError(401, { key: 'loginRequired' });
  return session;
}

/** Portal calls: 401 without a live session (the client then clears its session, spec §8). */
export const requireSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  sessionOf(c);
  await next();
};

export function setSessionCookies(c: Context<AppEnv>, issued: IssuedSession): void {
  setCookie(c, SESSION_COOKIE, issued.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: c.get('deps').config.secureCookies,
    maxAge: Math.floor(sessionLifetimeMs / 1000),
  });
  issueXsrfCookie(c, issued.xsrfToken);
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: c.get('deps').config.secureCookies });
}
