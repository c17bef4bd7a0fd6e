import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { StaffRoleSchema } from '../../lib/contract/admin';
import { users } from '../db/schema';
import type { AppEnv } from '../deps';
import { ApiError } from '../errors';
import { requireSession, sessionOf } from '../middleware/session';
import { renewOwnSubscriptionsNow } from '../services/test-time';

/**
 * Calls that exist only when TEST_HOOKS=on (the e2e servers): not part of the contract, not
 * in the OpenAPI document, never mounted by `npm start`.
 */
export const testHookRoutes = new Hono<AppEnv>()
  .post('/test/renewal-run', requireSession, async (c) => {
    const renewed = await renewOwnSubscriptionsNow(c.get('deps'), sessionOf(c).user.id);
    return c.json({ Renewed: renewed });
  })
  // What `npm run staff` does, for a browser test whose site holds the embedded database's lock.
  .post('/test/staff-role', requireSession, async (c) => {
    const role = StaffRoleSchema.safeParse((await c.req.json<{ Role?: unknown }>()).Role);
    if (!role.success) throw new ApiError(400, { key: 'malformed', values: { detail: 'Role' } });
    await c
      .get('deps')
      .db.update(users)
      .set({ role: role.data })
      .where(eq(users.id, sessionOf(c).user.id));
    return c.json({ Role: role.data });
  });
