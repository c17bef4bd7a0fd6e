import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { XSRF_COOKIE, XSRF_HEADER } from '../../lib/contract/http';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export function newXsrfToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString('base64url');
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Double-submit protection: the browser script echoes the readable XSRF-TOKEN cookie in the
 * X-XSRF-TOKEN header on every non-GET call; another site can send the cookie but cannot read it.
 */
export function xsrfProtection(isExempt: (path: string) => boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const cookie = getCookie(c, XSRF_COOKIE);
    if (!safeMethods.has(c.req.method) && !isExempt(c.req.path)) {
      const header = c.req.header(XSRF_HEADER);
      if (!cookie || !header || !sameToken(cookie, header)) {
        throw new ApiError(403, [`Missing or invalid request-forgery token: send the ${XSRF_HEADER} header with the ${XSRF_COOKIE} cookie value.`]);
      }
    }
    await next();
    if (!cookie) issueXsrfCookie(c);
  };
}

export function issueXsrfCookie(c: Parameters<MiddlewareHandler<AppEnv>>[0], token = newXsrfToken()): void {
  setCookie(c, XSRF_COOKIE, token, {
    path: '/',
    sameSite: 'Lax',
    secure: c.get('deps').config.secureCookies,
    httpOnly: false,
  });
}
