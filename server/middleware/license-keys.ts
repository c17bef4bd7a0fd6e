import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../deps';
import { issueMissingLicenseKeys } from '../services/billing/license-keys';
import { sessionOf } from './session';

/** Before a read that shows licence keys: the caller's subscriptions from before keys existed get theirs. */
export const issuesLicenseKeys: MiddlewareHandler<AppEnv> = async (c, next) => {
  await issueMissingLicenseKeys(c.get('deps').db, sessionOf(c).user.id);
  await next();
};
