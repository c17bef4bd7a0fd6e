import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { subscriptions } from '../../db/schema';
import type { BackendDeps } from '../../deps';
import { ApiError } from '../../errors';
import { activeProvider, providerCall } from '../payments/active-provider';
import { queueCancellation } from './mail';
import { findOwnSubscription } from './subscriptions';

type Subscription = typeof subscriptions.$inferSelect;

/**
 * Tells Stripe to stop renewing, once per Stripe subscription among the rows, before our rows
 * change, so a refusal there leaves our record as it was. Answers the Stripe ids told.
 */
export async function stopRenewalsAtProvider(
  deps: BackendDeps,
  rows: Pick<Subscription, 'provider' | 'providerSubscriptionId'>[],
): Promise<Set<string>> {
  const stripeIds = new Set(
    rows.flatMap((row) => (row.provider === 'stripe' && row.providerSubscriptionId ? [row.providerSubscriptionId] : [])),
  );
  for (const id of stripeIds) await providerCall(() => activeProvider(deps, 'stripe').cancelAtPeriodEnd(id));
  return stripeIds;
}

/**
 * Cancel at period end: no more renewals, the paid period stays (with Stripe, told first); the
 * customer is told by mail. `within` runs in the same write when it cancels (the console's audit).
 */
export async function cancelSubscription(
  deps: BackendDeps,
  userId: string,
  id: string,
  within?: (tx: Db, cancelled: Subscription) => Promise<void>,
): Promise<void> {
  const { subscription } = await findOwnSubscription(deps.db, userId, id);
  if (!subscription.nextRenewalAt || subscription.isCancelled) throw new ApiError(400, { key: 'notCancellable' });
  await stopRenewalsAtProvider(deps, [subscription]);
  await deps.db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(subscriptions)
      .set({ isCancelled: true, nextRenewalAt: null })
      .where(and(eq(subscriptions.id, subscription.id), eq(subscriptions.isCancelled, false)))
      .returning();
    if (cancelled) await queueCancellation(tx, deps, cancelled);
    if (cancelled && within) await within(tx, cancelled);
  });
  deps.kickOutbox();
}

/** The user's subscriptions that would renew. */
const renewingOf = (userId: string) =>
  and(
    eq(subscriptions.userId, userId),
    isNotNull(subscriptions.nextRenewalAt),
    eq(subscriptions.isCancelled, false),
    eq(subscriptions.isRenewed, false),
  );

/**
 * An account being deleted is charged no more, in two steps: first Stripe stops every renewal
 * it would charge (a refusal there changes nothing of ours), then `cancelAllRenewals` cancels
 * our rows inside the deletion's own write. Answers the Stripe ids told.
 */
export async function stopAllRenewalsAtProvider(deps: BackendDeps, userId: string): Promise<Set<string>> {
  return stopRenewalsAtProvider(deps, await deps.db.select().from(subscriptions).where(renewingOf(userId)));
}

/** Cancels the user's renewing rows; answers them. */
export function cancelAllRenewals(db: Pick<Db, 'update'>, userId: string): Promise<Subscription[]> {
  return db.update(subscriptions).set({ isCancelled: true, nextRenewalAt: null }).where(renewingOf(userId)).returning();
}
