import { and, eq, isNotNull } from 'drizzle-orm';
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

/**
 * An account being deleted is charged no more: every subscription that would renew is cancelled
 * at period end, Stripe's first (once per Stripe subscription), then ours in one write.
 */
export async function cancelAllRenewals(deps: BackendDeps, userId: string): Promise<void> {
  const renewing = and(eq(subscriptions.userId, userId), isNotNull(subscriptions.nextRenewalAt), eq(subscriptions.isCancelled, false), eq(subscriptions.isRenewed, false));
  const rows = await deps.db.select().from(subscriptions).where(renewing);
  const oneRowPerStripeSubscription = new Map(rows.map((row) => [row.providerSubscriptionId ?? row.id, row]));
  for (const row of oneRowPerStripeSubscription.values()) await stopRenewalsAtProvider(deps, row);
  await deps.db.update(subscriptions).set({ isCancelled: true, nextRenewalAt: null }).where(renewing);
}
