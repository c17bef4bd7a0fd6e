import { and, eq } from 'drizzle-orm';
import { subscriptions } from '../db/schema';
import type { BackendDeps } from '../env';
import { ApiError } from '../errors';
import { activeProvider } from '../payments/checkout';
import { ProviderUnavailableError } from '../payments/provider';
import { findOwnSubscription } from './subscriptions';

/** Cancel at period end: no more renewals, the paid period stays (with Stripe, told first). */
export async function cancelSubscription(deps: BackendDeps, userId: string, id: string): Promise<void> {
  const { subscription } = await findOwnSubscription(deps.db, userId, id);
  if (!subscription.nextRenewalAt || subscription.isCancelled) throw new ApiError(400, { key: 'notCancellable' });
  if (subscription.provider === 'stripe' && subscription.providerSubscriptionId) {
    try {
      await activeProvider(deps, 'stripe').cancelAtPeriodEnd(subscription.providerSubscriptionId);
    } catch (error) {
      if (error instanceof ProviderUnavailableError) throw new ApiError(502, { key: 'paymentProviderFailed' });
      throw error;
    }
  }
  // All units bought on the same line renew together, so they are cancelled together.
  await deps.db
    .update(subscriptions)
    .set({ isCancelled: true, nextRenewalAt: null })
    .where(and(eq(subscriptions.invoiceId, subscription.invoiceId), eq(subscriptions.offerKey, subscription.offerKey), eq(subscriptions.isRenewed, false)));
}
