import { and, eq, sql } from 'drizzle-orm';
import { subscriptions } from '../../db/schema';
import type { BackendDeps } from '../../deps';
import { renewDueManualSubscriptions } from './renewals';

/**
 * For the e2e tests only (TEST_HOOKS=on): a browser test cannot wait a month, so this moves
 * one user's open manual subscriptions back in time until their period ended a second ago,
 * then runs the real renewal job. Everything the customer then sees comes from real code.
 */
export async function renewOwnSubscriptionsNow(deps: BackendDeps, userId: string): Promise<number> {
  const now = deps.clock.now();
  await deps.db
    .update(subscriptions)
    .set({
      effectiveAt: sql`${subscriptions.effectiveAt} - (${subscriptions.expiresAt} - ${now.toISOString()}::timestamptz) - interval '1 second'`,
      expiresAt: sql`${now.toISOString()}::timestamptz - interval '1 second'`,
      nextRenewalAt: sql`${now.toISOString()}::timestamptz - interval '1 second'`,
    })
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.provider, 'manual'),
        eq(subscriptions.isRenewed, false),
        eq(subscriptions.isCancelled, false),
        sql`${subscriptions.nextRenewalAt} is not null`,
      ),
    );
  return renewDueManualSubscriptions(deps);
}
