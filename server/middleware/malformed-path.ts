import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../deps';
import { ApiError } from '../errors';

/** Whether an address's path holds a %-escape that decodes to nothing (`%ZZ`, half a UTF-8 sequence). */
export function hasMalformedEscape(path: string): boolean {
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

/** Such a path names no call: 400 with the reason, before any guard reads it. */
export const refuseMalformedPath: MiddlewareHandler<AppEnv> = (c, next) => {
  if (hasMalformedEscape(new URL(c.req.url).pathname)) throw new ApiError(400, { key: 'malformedAddress' });
  return next();
};
