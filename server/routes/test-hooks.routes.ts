import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { StaffRoleSchema } from '../../lib/contract/admin';
import { SignupRequestSchema } from '../../lib/contract/auth';
import { languages } from '../../lib/contract/languages';
import { UpdateProfileRequestSchema } from '../../lib/contract/user';
import { users } from '../db/schema';
import type { AppEnv } from '../deps';
import { ApiError } from '../errors';
import { setSessionCookies } from '../middleware/cookies';
import { sessionClientOf } from '../middleware/request-context';
import { requireSession, sessionOf } from '../middleware/session';
import { createAccount, sessionInfoOf } from '../services/accounts/accounts';
import { renewOwnSubscriptionsNow } from '../services/billing/test-time';

// The sign-up's and the profile's own field rules.
const TestAccountSchema = SignupRequestSchema.pick({ UserName: true, Password: true }).extend({
  Language: z.enum(languages).default('en'),
  DisplayName: UpdateProfileRequestSchema.shape.DisplayName.default(null),
});

/**
 * Calls that exist only when TEST_HOOKS=on (the test servers, on loopback): not part of the
 * contract, not in the OpenAPI document, never mounted by `npm start`.
 */
export const testHookRoutes = new Hono<AppEnv>()
  // A customer account, logged in, without the mailed code: the sign-up keeps its own tests.
  .post('/test/account', async (c) => {
    const account = TestAccountSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!account.success) throw new ApiError(400, { key: 'malformed', values: { detail: account.error.issues[0].path.join('.') } });
    const deps = c.get('deps');
    const { UserName, Password, Language, DisplayName } = account.data;
    const outcome = await createAccount(deps, {
      email: UserName,
      password: Password,
      language: Language,
      displayName: DisplayName,
      cookieConsent: null,
      client: sessionClientOf(c),
    });
    if (outcome.kind === 'address-taken') throw new ApiError(400, { key: 'addressTaken' });
    setSessionCookies(c, outcome.session);
    return c.json({ SessionInfo: await sessionInfoOf(deps, outcome.user) });
  })
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
