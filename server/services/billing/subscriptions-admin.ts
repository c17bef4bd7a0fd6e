import { and, eq } from 'drizzle-orm';
import type { AdminDone } from '../../../lib/contract/admin';
import { subscriptions } from '../../db/schema';
import type { BackendDeps } from '../../deps';
import { ApiError } from '../../errors';
import type { StaffSession } from '../accounts/sessions';
import { activeProvider, providerCall } from '../payments/active-provider';
import { recordAudit } from '../staff/audit';
import { queueCancellation } from './mail';
import { cancelSubscription } from './cancel-subscription';
import type { SubscriptionRow } from './subscriptions';

/** What the audit log keeps of a subscription's state. */
const stateOf = (row: SubscriptionRow) => ({
  IsCancelled: row.isCancelled,
  IsValid: row.isValid,
  ExpirationDate: row.expiresAt.toISOString(),
  NextRenewalDate: row.nextRenewalAt?.toISOString() ?? null,
});

/**
 * A staff cancellation. `period-end` is the customer's own cancel (no renewal, the paid period
 * stays); `now` also ends the period today and makes it invalid (with Stripe, the Stripe
 * subscription is cancelled at once, first). Either way the customer gets the cancellation
 * mail; after `now` it names today as the last day.
 */
export async function staffCancelSubscription(
  deps: BackendDeps,
  staff: StaffSession,
  id: string,
  when: 'now' | 'period-end',
): Promise<AdminDone> {
  const [row] = await deps.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!row) throw new ApiError(404, { key: 'notFound' });
  const now = deps.clock.now();
  // A renewed row is a past period: its successor is the subscription now.
  if (row.expiresAt <= now || !row.isValid || row.isRenewed) throw new ApiError(409, { key: 'subscriptionEnded' });
  const audit = (tx: Parameters<typeof recordAudit>[0], after: SubscriptionRow) =>
    recordAudit(tx, deps.clock, staff, {
      action: when === 'now' ? 'subscription.end' : 'subscription.cancel',
      targetType: 'subscription',
      targetId: id,
      before: stateOf(row),
      after: stateOf(after),
    });
  if (when === 'period-end') {
    let auditKey: string | null = null;
    await cancelSubscription(deps, row.userId, id, async (tx, cancelled) => {
      auditKey = await audit(tx, cancelled);
    });
    return { ErrorMessages: [], AuditKey: auditKey };
  }
  if (row.provider === 'stripe' && row.providerSubscriptionId) {
    const stripeId = row.providerSubscriptionId;
    await providerCall(() => activeProvider(deps, 'stripe').cancelNow(stripeId));
  }
  const auditKey = await deps.db.transaction(async (tx) => {
    const [ended] = await tx
      .update(subscriptions)
      .set({ isCancelled: true, isValid: false, nextRenewalAt: null, expiresAt: now })
      .where(and(eq(subscriptions.id, id), eq(subscriptions.isValid, true), eq(subscriptions.isRenewed, false)))
      .returning();
    if (!ended) throw new ApiError(409, { key: 'subscriptionEnded' });
    // Told once per subscription: a period-end cancellation mailed before is not repeated.
    await queueCancellation(tx, deps, ended);
    return audit(tx, ended);
  });
  deps.kickOutbox();
  return { ErrorMessages: [], AuditKey: auditKey };
}
