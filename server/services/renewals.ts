import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../db/database';
import { invoices, offers, payments, subscriptions } from '../db/schema';
import type { BackendDeps } from '../env';
import { queueReceipt, queueRenewalFailed } from './billing-mail';
import { addMonths } from './dates';
import { createInvoice, paymentDescription } from './invoices';
import { taxOn } from './tax';
import type { SubscriptionRow } from './subscriptions';

export interface RenewalCharge {
  paid: boolean;
  provider: string;
  /** The provider's charge id; one renewal per charge however often it is reported. */
  paymentRef: string;
  periodEnd: Date | null;
}

/**
 * Renews the units of one subscription line (rows of the same invoice and offer): a new
 * invoice at today's price, and when paid, new subscription periods that follow the old ones.
 * A failed charge marks the old rows RenewalFailed, ends their renewals (the paid period is
 * over: nothing left to cancel) and points them at the unpaid invoice, whose Pay Now continues
 * them (server/payments/fulfil.ts). The customer gets the receipt, or the failure and where to pay.
 */
export async function renewSubscriptions(tx: Db, deps: Pick<BackendDeps, 'clock' | 'config'>, rows: SubscriptionRow[], charge: RenewalCharge): Promise<string | null> {
  const { clock } = deps;
  const now = clock.now();
  const first = rows[0];
  const [existing] = await tx.select().from(payments).where(and(eq(payments.provider, charge.provider), eq(payments.providerRef, charge.paymentRef)));
  if (existing) return existing.invoiceId;
  const [offer] = await tx.select().from(offers).where(eq(offers.key, first.offerKey));
  const [original] = await tx.select().from(invoices).where(eq(invoices.id, first.invoiceId));
  const subTotal = offer.priceCents * rows.length;
  const invoice = await createInvoice(tx, clock, {
    userId: first.userId,
    email: original.billingEmail,
    billing: {
      billingName: original.billingName,
      billingAddress1: original.billingAddress1,
      billingAddress2: original.billingAddress2,
      billingCity: original.billingCity,
      billingStateCode: original.billingStateCode,
      billingPostalCode: original.billingPostalCode,
      billingCountryCode: original.billingCountryCode,
      isBusinessPurchase: original.isBusinessPurchase,
    },
    lines: [{ offerKey: offer.key, description: offer.description.en, unitPriceCents: offer.priceCents, quantity: rows.length }],
    taxRate: { basisPoints: original.taxRateBasisPoints, exempt: original.isTaxExempt },
    taxCents: taxOn(subTotal, original.taxRateBasisPoints),
    fromCart: false,
  });
  const ids = rows.map((row) => row.id);
  if (!charge.paid) {
    await tx.update(subscriptions).set({ renewalFailed: true, nextRenewalAt: null, renewalInvoiceId: invoice.id }).where(inArray(subscriptions.id, ids));
    await queueRenewalFailed(tx, deps, { unit: first, amountCents: invoice.totalCents, pay: { invoiceId: invoice.id }, eventKey: `renewal-failed:${invoice.id}` });
    return invoice.id;
  }
  await tx.update(invoices).set({ fullyPaidAt: now }).where(eq(invoices.id, invoice.id));
  await tx.insert(payments).values({
    invoiceId: invoice.id,
    paidAt: now,
    description: paymentDescription(charge.provider === 'manual' ? 'paymentRenewalTest' : 'paymentRenewal'),
    amountCents: invoice.totalCents,
    provider: charge.provider,
    providerRef: charge.paymentRef,
  });
  // The new periods of every unit in one statement.
  await tx.insert(subscriptions).values(
    rows.map((row) => {
      const expiresAt = charge.periodEnd ?? addMonths(row.expiresAt, offer.renewalMonths);
      return {
        userId: row.userId,
        offerKey: row.offerKey,
        unit: row.unit,
        invoiceId: invoice.id,
        previousId: row.id,
        effectiveAt: row.expiresAt,
        expiresAt,
        nextRenewalAt: expiresAt,
        provider: row.provider,
        providerSubscriptionId: row.providerSubscriptionId,
        testCardOutcome: row.testCardOutcome,
      };
    }),
  );
  await tx.update(subscriptions).set({ isRenewed: true, nextRenewalAt: null, renewalFailed: false }).where(inArray(subscriptions.id, ids));
  await queueReceipt(tx, deps, invoice, now);
  return invoice.id;
}

/**
 * The manual provider's renewal job: renews what is due, one subscription line (the units
 * bought on one invoice line) at a time. A run claims a line by locking its first unit with
 * SKIP LOCKED: overlapping runs, on one backend or several, pass over a line another run
 * holds, so each line is renewed once, on one invoice.
 */
export async function renewDueManualSubscriptions(deps: BackendDeps, batch = 50): Promise<number> {
  const dueUnits = () => and(eq(subscriptions.provider, 'manual'), eq(subscriptions.isCancelled, false), eq(subscriptions.isRenewed, false), eq(subscriptions.renewalFailed, false), lte(subscriptions.nextRenewalAt, deps.clock.now()));
  const dueLines = await deps.db.selectDistinct({ invoiceId: subscriptions.invoiceId, offerKey: subscriptions.offerKey }).from(subscriptions).where(dueUnits()).limit(batch);
  let renewed = 0;
  for (const line of dueLines) {
    const ofLine = and(dueUnits(), eq(subscriptions.invoiceId, line.invoiceId), eq(subscriptions.offerKey, line.offerKey));
    const done = await deps.db.transaction(async (tx) => {
      // The claim is always the line's first unit: SKIP LOCKED on "the first due unit" would
      // move on to the next unit, and two runs would each hold part of the line.
      const [head] = await tx.select({ id: subscriptions.id }).from(subscriptions).where(and(eq(subscriptions.invoiceId, line.invoiceId), eq(subscriptions.offerKey, line.offerKey))).orderBy(asc(subscriptions.unit)).limit(1);
      const [claim] = await tx.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.id, head.id)).for('update', { skipLocked: true });
      if (!claim) return false;
      // Read under the claim: what another run renewed since the listing is no longer due.
      const units = await tx.select().from(subscriptions).where(ofLine).orderBy(asc(subscriptions.unit)).for('update');
      if (!units.length) return false;
      const first = units[0];
      await renewSubscriptions(tx, deps, units, {
        paid: first.testCardOutcome !== 'renewal-fails',
        provider: 'manual',
        paymentRef: `renewal-${first.id}-${first.expiresAt.toISOString()}`,
        periodEnd: null,
      });
      return true;
    });
    if (done) renewed++;
  }
  if (renewed) deps.kickOutbox();
  return renewed;
}
