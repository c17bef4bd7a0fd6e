import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/database';
import { subscriptions } from '../db/schema';
import type { BackendDeps } from '../env';
import { ApiError } from '../errors';
import { activeProvider } from '../payments/checkout';
import { ProviderUnavailableError } from '../payments/provider';
import { findOwnSubscription } from './subscriptions';

type Subscription = typeof subscriptions.$inferSelect;

/** Tells Stripe first, so a refusal there leaves our record as it was. */
async function stopRenewalsAtProvider(deps: BackendDeps, subscription: Subscription) {
  if (subscription.provider !== 'stripe' || !subscription.providerSubscriptionId) return;
  try {
    await activeProvider(deps, 'stripe').cancelAtPeriodEnd(subscription.providerSubscriptionId);
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw new ApiError(502, { key: 'paymentProviderFailed' });
    throw error;
  }
}

/** Cancel at period end: no more renewals, the paid period stays (with Stripe, told first). */
export async function cancelSubscription(deps: BackendDeps, userId: string, id: string): Promise<void> {
  const { subscription } = await findOwnSubscription(deps.db, userId, id);
  if (!subscription.nextRenewalAt || subscription.isCancelled) throw new ApiError(400, { key: 'notCancellable' });
  await stopRenewalsAtProvider(deps, subscription);
  // All units bought on the same line renew together, so they are cancelled together.
  await deps.db
    .update(subscriptions)
    .set({ isCancelled: true, nextRenewalAt: null })
    .where(and(eq(subscriptions.invoiceId, subscription.invoiceId), eq(subscriptions.offerKey, subscription.offerKey), eq(subscriptions.isRenewed, false)));
}

/** The user's subscriptions that would renew. */
const renewingOf = (userId: string) =>
  and(eq(subscriptions.userId, userId), isNotNull(subscriptions.nextRenewalAt), eq(subscriptions.isCancelled, false), eq(subscriptions.isRenewed, false));

/**
 * An account being deleted is charged no more, in two steps: first Stripe stops every renewal
 * it would charge (once per Stripe subscription; a refusal there changes nothing of ours), then
 * `cancelAllRenewals` cancels our rows inside the deletion's own write.
 */
export async function stopAllRenewalsAtProvider(deps: BackendDeps, userId: string): Promise<void> {
  const rows = await deps.db.select().from(subscriptions).where(renewingOf(userId));
  const oneRowPerStripeSubscription = new Map(rows.map((row) => [row.providerSubscriptionId ?? row.id, row]));
  for (const row of oneRowPerStripeSubscription.values()) await stopRenewalsAtProvider(deps, row);
}

export async function cancelAllRenewals(db: Pick<Db, 'update'>, userId: string): Promise<void> {
  await db.update(subscriptions).set({ isCancelled: true, nextRenewalAt: null }).where(renewingOf(userId));
}
