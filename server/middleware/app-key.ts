import type { MiddlewareHandler } from 'hono';
import { APP_KEY, APP_KEY_HEADER } from '../../lib/contract/http';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';

/** Spec §7: every call carries the website's application key; paths a browser opens directly are exempt. */
export function requireAppKey(isExempt: (path: string) => boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!isExempt(c.req.path) && c.req.header(APP_KEY_HEADER) !== APP_KEY) {
      throw new ApiError(400, { key: 'missingAppKey', values: { header: APP_KEY_HEADER } });
    }
    await next();
  };
}
