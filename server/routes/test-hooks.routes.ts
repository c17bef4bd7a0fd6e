import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { requireSession, sessionOf } from '../middleware/session';
import { renewOwnSubscriptionsNow } from '../services/test-time';

/**
 * Calls that exist only when TEST_HOOKS=on (the e2e servers): not part of the contract, not
 * in the OpenAPI document, never mounted by `npm start`.
 */
export const testHookRoutes = new Hono<AppEnv>().post('/test/renewal-run', requireSession, async (c) => {
  const renewed = await renewOwnSubscriptionsNow(c.get('deps'), sessionOf(c).user.id);
  return c.json({ Renewed: renewed });
});
