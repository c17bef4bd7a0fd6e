import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { SESSION_COOKIE } from '../../lib/contract/http';
import type { AppEnv } from '../deps';
import { ApiError, requestLanguage } from '../errors';
import { awaitsLoginCode, findSession, markSessionUsed, rememberLanguage, type ActiveSession } from '../services/accounts/sessions';
import { clearSessionCookie } from './cookies';
import { routeIs, sameForEveryone } from './route-access';

/**
 * Loads the caller's session from its cookie, if any; an unknown cookie is dropped. Public
 * reference reads (the catalog, countries, …) never look at it, so they cost no query. A
 * login that still owes its two-step code is kept apart, so no call takes it for a session.
 */
export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = getCookie(c, SESSION_COOKIE);
  if (token && !routeIs(c, sameForEveryone)) {
    const { db, clock, config } = c.get('deps');
    const session = await findSession(db, clock, token, config.sessionIdleMs);
    if (session && awaitsLoginCode(session)) {
      c.set('pendingLogin', session);
    } else if (session) {
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

/** The login waiting for its two-step code; a 401 when there is none (never begun, or waited too long). */
export function pendingLoginOf(c: Context<AppEnv>): ActiveSession {
  const pending = c.get('pendingLogin');
  if (!pending) throw new ApiError(401, { key: 'loginCodeExpired' });
  return pending;
}

/** The login's code check: 401 without a login waiting for it. */
export const requirePendingLogin: MiddlewareHandler<AppEnv> = async (c, next) => {
  pendingLoginOf(c);
  await next();
};

/** Portal calls: 401 without a live session (the client then clears its session, docs/product/api.md#errors). */
export const requireSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  sessionOf(c);
  await next();
};
