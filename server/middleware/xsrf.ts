import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { XSRF_COOKIE, XSRF_HEADER } from '../../lib/contract/http';
import type { AppEnv } from '../deps';
import { ApiError } from '../errors';
import { sameText } from '../services/platform/crypto';
import { issueXsrfCookie } from './cookies';
import { openedDirectly, routeIs } from './route-access';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit protection: the browser script echoes the readable XSRF-TOKEN cookie in the
 * X-XSRF-TOKEN header on every non-GET call; another site can send the cookie but cannot read it.
 */
export const xsrfProtection: MiddlewareHandler<AppEnv> = async (c, next) => {
  const cookie = getCookie(c, XSRF_COOKIE);
  // A login waiting for its code has a token of its own, as a session has.
  const session = c.get('session') ?? c.get('pendingLogin');
  if (!safeMethods.has(c.req.method) && !routeIs(c, openedDirectly)) {
    const header = c.req.header(XSRF_HEADER);
    // With a session, the token must be the one issued with it (docs/security.md#sessions-the-application-key-and-xsrf).
    const expected = session?.xsrfToken ?? cookie;
    if (!cookie || !header || !expected || !sameText(cookie, header) || !sameText(expected, header)) {
      throw new ApiError(403, { key: 'xsrf', values: { header: XSRF_HEADER, cookie: XSRF_COOKIE } });
    }
  }
  // Before the answer exists: added to a finished answer, it made the adapter rebuild it (a
  // cookie-less call took three times as long). A call that passed the check above already
  // carries the right cookie, so a handler issuing a token of its own (setSessionCookies)
  // never meets this one.
  if (session ? cookie !== session.xsrfToken : !cookie) issueXsrfCookie(c, session?.xsrfToken);
  await next();
};
