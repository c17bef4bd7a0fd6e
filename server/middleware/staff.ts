import type { Context, MiddlewareHandler } from 'hono';
import { adminData, passwordConfirmationMs } from '../../lib/contract/admin';
import type { AppEnv } from '../deps';
import { ApiError } from '../errors';
import type { StaffSession } from '../services/accounts/sessions';
import { beforeSecondFactor, routeIs } from './route-access';

/** The caller as staff, or a 404: to anyone else the console's calls do not exist. */
export function staffOf(c: Context<AppEnv>): StaffSession {
  const session = c.get('session');
  if (!session?.user.role) throw new ApiError(404, { key: 'noSuchCall', values: { method: c.req.method, path: c.req.path } });
  return session as StaffSession;
}

/**
 * Every /api/admin call: 404 without a staff role, 403 until this session passed the second
 * factor (the calls that enrol or check it carry the beforeSecondFactor marker).
 */
export const requireStaff: MiddlewareHandler<AppEnv> = async (c, next) => {
  const session = staffOf(c);
  if (!session.secondFactorAt && !routeIs(c, beforeSecondFactor)) {
    throw new ApiError(403, { key: 'secondFactorRequired' }, { data: adminData.secondFactor });
  }
  await next();
};

/** Refunds and role changes: the password was confirmed in this session a short while ago. */
export const requireRecentPassword: MiddlewareHandler<AppEnv> = async (c, next) => {
  const session = staffOf(c);
  const { clock } = c.get('deps');
  const confirmed = session.passwordConfirmedAt?.getTime() ?? -Infinity;
  if (clock.now().getTime() - confirmed > passwordConfirmationMs) {
    throw new ApiError(403, { key: 'passwordConfirmationRequired' }, { data: adminData.confirmPassword });
  }
  await next();
};

export const requireOwner: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (staffOf(c).user.role !== 'owner') throw new ApiError(404, { key: 'noSuchCall', values: { method: c.req.method, path: c.req.path } });
  await next();
};
