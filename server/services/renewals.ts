import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { invoices, offers, payments, subscriptions } from '../db/schema';
import type { BackendDeps } from '../env';
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
 * them (server/payments/fulfil.ts).
 */
export async function renewSubscriptions(tx: Db, clock: Clock, rows: SubscriptionRow[], charge: RenewalCharge): Promise<string | null> {
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
  return invoice.id;
}

/**
 * The manual provider's renewal job: renews what is due. Rows are claimed with FOR UPDATE
 * SKIP LOCKED so two backends on one database never renew the same subscription twice.
 */
export async function renewDueManualSubscriptions(deps: BackendDeps, batch = 50): Promise<number> {
  let renewed = 0;
  for (let i = 0; i < batch; i++) {
    const done = await deps.db.transaction(async (tx) => {
      const [due] = await tx
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.provider, 'manual'),
            lte(subscriptions.nextRenewalAt, deps.clock.now()),
            eq(subscriptions.isCancelled, false),
            eq(subscriptions.isRenewed, false),
            eq(subscriptions.renewalFailed, false),
          ),
        )
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return false;
      const siblings = await tx
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.invoiceId, due.invoiceId),
            eq(subscriptions.offerKey, due.offerKey),
            eq(subscriptions.isRenewed, false),
            eq(subscriptions.isCancelled, false),
            eq(subscriptions.renewalFailed, false),
            sql`${subscriptions.nextRenewalAt} is not null`,
          ),
        )
        .for('update', { skipLocked: true });
      const paid = due.testCardOutcome !== 'renewal-fails';
      await renewSubscriptions(tx, deps.clock, siblings, {
        paid,
        provider: 'manual',
        paymentRef: `renewal-${due.id}-${due.expiresAt.toISOString()}`,
        periodEnd: null,
      });
      return true;
    });
    if (!done) break;
    renewed++;
  }
  return renewed;
}
