import type { MiddlewareHandler } from 'hono';
import { APP_KEY, APP_KEY_HEADER } from '../../lib/contract/http';
import type { AppEnv } from '../deps';
import { ApiError } from '../errors';
import { openedDirectly, routeIs } from './route-access';

/** Every call carries the website's application key; paths a browser opens directly are exempt (docs/product/api.md#conventions). */
export const requireAppKey: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.header(APP_KEY_HEADER) !== APP_KEY && !routeIs(c, openedDirectly)) {
    throw new ApiError(400, { key: 'missingAppKey', values: { header: APP_KEY_HEADER } });
  }
  await next();
};
