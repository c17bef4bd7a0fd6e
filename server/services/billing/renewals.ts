import { and, asc, eq, inArray, isNotNull, lte, notExists } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { invoices, offers, payments, subscriptions, users } from '../../db/schema';
import type { BackendDeps } from '../../deps';
import type { MoneyEvent } from '../../metrics';
import { testCardOutcomeOnFile } from './card-on-file';
import { queueReceipt, queueRenewalFailed } from './mail';
import { addMonths } from '../platform/dates';
import { billedAddressOf, createInvoice, paymentDescription, recordPaidInvoice } from './invoices';
import { taxOn } from '../store/tax';
import { noScheduledChange, renewingPlan, type SubscriptionRow } from './subscriptions';

export interface RenewalCharge {
  paid: boolean;
  provider: string;
  /** The provider's charge id; one renewal per charge however often it is reported. */
  paymentRef: string;
  periodEnd: Date | null;
}

/**
 * Renews subscriptions that renew together (one of ours, or every line of one Stripe
 * subscription): a new invoice at today's prices, a line per subscription with its quantity,
 * and when paid, new periods that follow the old ones. A change scheduled for the renewal
 * (a downgrade or fewer seats) is what it bills and starts; a failed charge keeps it for Pay Now. A failed charge marks the old rows
 * RenewalFailed, ends their renewals (the paid period is over: nothing left to cancel) and
 * points them at the unpaid invoice, whose Pay Now continues them (server/services/payments/fulfil.ts).
 * The customer gets the receipt, or the failure and where to pay.
 */
export async function renewSubscriptions(
  tx: Db,
  deps: Pick<BackendDeps, 'clock' | 'config' | 'catalog'>,
  rows: SubscriptionRow[],
  charge: RenewalCharge,
): Promise<string | null> {
  const { clock } = deps;
  const now = clock.now();
  const first = rows[0];
  const plans = rows.map((row) => ({ row, ...renewingPlan(row) }));
  const [existing] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, charge.provider), eq(payments.providerRef, charge.paymentRef)));
  if (existing) return existing.invoiceId;
  const renewed = await tx
    .select()
    .from(offers)
    .where(
      inArray(
        offers.key,
        plans.map((plan) => plan.offerKey),
      ),
    );
  const offerOf = new Map(renewed.map((offer) => [offer.key, offer]));
  const lines = plans.map((plan) => {
    const offer = offerOf.get(plan.offerKey)!;
    return { offerKey: offer.key, description: offer.description.en, unitPriceCents: offer.priceCents, quantity: plan.quantity };
  });
  const [original] = await tx.select().from(invoices).where(eq(invoices.id, first.invoiceId));
  const subTotal = lines.reduce((total, line) => total + line.unitPriceCents * line.quantity, 0);
  const invoice = await createInvoice(tx, clock, {
    userId: first.userId,
    email: original.billingEmail,
    billing: billedAddressOf(original),
    lines,
    taxRate: { basisPoints: original.taxRateBasisPoints, exempt: original.isTaxExempt },
    taxCents: taxOn(subTotal, original.taxRateBasisPoints),
    fromCart: false,
  });
  const ids = rows.map((row) => row.id);
  if (!charge.paid) {
    await tx
      .update(subscriptions)
      .set({ renewalFailed: true, nextRenewalAt: null, renewalInvoiceId: invoice.id })
      .where(inArray(subscriptions.id, ids));
    await queueRenewalFailed(tx, deps, {
      subscription: first,
      amountCents: invoice.totalCents,
      pay: { invoiceId: invoice.id },
      eventKey: `renewal-failed:${invoice.id}`,
    });
    return invoice.id;
  }
  await recordPaidInvoice(tx, invoice, {
    paidAt: now,
    description: paymentDescription(charge.provider === 'manual' ? 'paymentRenewalTest' : 'paymentRenewal'),
    provider: charge.provider,
    providerRef: charge.paymentRef,
  });
  // The new periods of every subscription in one statement.
  await tx.insert(subscriptions).values(
    plans.map(({ row, offerKey, quantity }) => {
      const expiresAt = charge.periodEnd ?? addMonths(row.expiresAt, offerOf.get(offerKey)!.renewalMonths);
      return {
        userId: row.userId,
        offerKey,
        quantity,
        invoiceId: invoice.id,
        previousId: row.id,
        effectiveAt: row.expiresAt,
        expiresAt,
        nextRenewalAt: expiresAt,
        provider: row.provider,
        providerSubscriptionId: row.providerSubscriptionId,
        testCardOutcome: row.testCardOutcome,
        licenseKey: row.licenseKey,
      };
    }),
  );
  await tx
    .update(subscriptions)
    .set({ isRenewed: true, nextRenewalAt: null, renewalFailed: false, ...noScheduledChange })
    .where(inArray(subscriptions.id, ids));
  await queueReceipt(tx, deps, invoice, now);
  return invoice.id;
}

/**
 * The offline provider's renewal charge: the card on file pays it, or a subscription bought
 * before there was one keeps the card that bought it; only the renewal-fails test card declines.
 */
export async function chargeTestCard(
  tx: Pick<Db, 'select'>,
  subscription: Pick<SubscriptionRow, 'userId' | 'testCardOutcome'>,
): Promise<{ paid: boolean; outcome: string | null }> {
  const outcome = (await testCardOutcomeOnFile(tx, subscription.userId)) ?? subscription.testCardOutcome;
  return { paid: outcome !== 'renewal-fails', outcome };
}

/**
 * The manual provider's renewal job: renews what is due, one subscription at a time, each
 * claimed with SKIP LOCKED, so overlapping runs, on one backend or several, renew each once.
 * A suspended customer's subscriptions wait: they renew once the suspension is lifted.
 */
export async function renewDueManualSubscriptions(deps: BackendDeps, batch = 50): Promise<number> {
  const suspended = deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, subscriptions.userId), isNotNull(users.suspendedAt)));
  const due = () =>
    and(
      eq(subscriptions.provider, 'manual'),
      eq(subscriptions.isCancelled, false),
      eq(subscriptions.isRenewed, false),
      eq(subscriptions.renewalFailed, false),
      lte(subscriptions.nextRenewalAt, deps.clock.now()),
      notExists(suspended),
    );
  const listed = await deps.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(due())
    .orderBy(asc(subscriptions.nextRenewalAt))
    .limit(batch);
  let renewed = 0;
  for (const { id } of listed) {
    const outcome = await deps.db.transaction(async (tx): Promise<MoneyEvent | null> => {
      // Read under the claim: what another run renewed since the listing is no longer due.
      const [subscription] = await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.id, id), due()))
        .for('update', { skipLocked: true });
      if (!subscription) return null;
      const { paid } = await chargeTestCard(tx, subscription);
      await renewSubscriptions(tx, deps, [subscription], {
        paid,
        provider: 'manual',
        paymentRef: `renewal-${subscription.id}-${subscription.expiresAt.toISOString()}`,
        periodEnd: null,
      });
      return paid ? 'renewal' : 'renewal_failed';
    });
    if (!outcome) continue;
    deps.metrics.countMoney([outcome], 'manual');
    renewed++;
  }
  if (renewed) deps.kickOutbox();
  return renewed;
}
