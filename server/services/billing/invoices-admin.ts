import { asc, eq } from 'drizzle-orm';
import type { AdminDone, AdminInvoice, RefundRequestSchema, VoidRequestSchema } from '../../../lib/contract/admin';
import { formatUsd } from '../../../lib/contract/presentation';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { invoices, payments, users } from '../../db/schema';
import type { BackendDeps } from '../../deps';
import { ApiError } from '../../errors';
import type { StaffSession } from '../accounts/sessions';
import { activeProvider, providerCall } from '../payments/active-provider';
import { expireOpenCheckouts } from '../payments/expire';
import { recordAudit } from '../staff/audit';
import { paymentDescription, toInvoiceModel, type InvoiceRow } from './invoices';
import { queueRefund, queueVoided } from './mail';
import type { ApiLanguage } from '../platform/language';

type PaymentRow = typeof payments.$inferSelect;

/** Money taken less money given back, in cents. */
const refundableOf = (rows: Pick<PaymentRow, 'isPayment' | 'amountCents'>[]) =>
  rows.reduce((total, row) => total + (row.isPayment ? row.amountCents : -row.amountCents), 0);

/** Any invoice, locked for the change a staff member makes to it; 404 when there is none. */
async function lockedInvoice(tx: Db, id: string): Promise<{ invoice: InvoiceRow; paid: PaymentRow[] }> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  if (!invoice) throw new ApiError(404, { key: 'notFound' });
  const paid = await tx.select().from(payments).where(eq(payments.invoiceId, id)).orderBy(asc(payments.paidAt));
  return { invoice, paid };
}

/** The payment that took the money: the first one recorded (refunds go back the way it came). */
const takenBy = (paid: PaymentRow[]) => paid.find((row) => row.isPayment) ?? null;

/** GET /admin/invoices/{id}: the customer's model in the staff member's language, and who and what is behind it. */
export async function adminInvoice(deps: BackendDeps, id: string, language: ApiLanguage): Promise<AdminInvoice> {
  const [row] = await deps.db
    .select({ invoice: invoices, email: users.email })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(eq(invoices.id, id));
  if (!row) throw new ApiError(404, { key: 'notFound' });
  const paid = await deps.db.select().from(payments).where(eq(payments.invoiceId, id)).orderBy(asc(payments.paidAt));
  return {
    Invoice: await toInvoiceModel(deps, row.invoice, language),
    CustomerKey: row.invoice.userId,
    CustomerEmailAddress: row.email,
    Provider: takenBy(paid)?.provider ?? null,
    Refundable: refundableOf(paid),
  };
}

/**
 * Voids an unpaid invoice nothing was paid on: its open checkouts are closed at the provider,
 * and a payment that still arrives is given back by fulfilment (services/payments/fulfil.ts). A cart's
 * next checkout makes a new invoice; a failed renewal's subscription stays lapsed. The customer
 * is told, with the reason when staff gave one (it is shown to them on the invoice too).
 */
export async function voidInvoice(
  deps: BackendDeps,
  staff: StaffSession,
  id: string,
  request: z.output<typeof VoidRequestSchema>,
): Promise<AdminDone> {
  const auditKey = await deps.db.transaction(async (tx) => {
    const { invoice, paid } = await lockedInvoice(tx, id);
    if (invoice.fullyPaidAt || invoice.isVoid || paid.length) throw new ApiError(409, { key: 'invoiceNotVoidable' });
    const now = deps.clock.now();
    const [voided] = await tx
      .update(invoices)
      .set({ isVoid: true, voidedAt: now, voidReason: request.Reason || null })
      .where(eq(invoices.id, id))
      .returning();
    if (deps.payments) await expireOpenCheckouts(tx, deps.payments, id, undefined);
    await queueVoided(tx, deps, voided, now);
    return recordAudit(tx, deps.clock, staff, {
      action: 'invoice.void',
      targetType: 'invoice',
      targetId: id,
      before: { IsVoid: false, InvoiceNumber: invoice.number },
      after: { IsVoid: true, Reason: voided.voidReason },
    });
  });
  deps.kickOutbox();
  return { ErrorMessages: [], AuditKey: auditKey };
}

/**
 * Gives back part or all of what an invoice took. Stripe refunds on the payment's own intent
 * inside this write, so a refusal there records nothing (502); the offline provider moved no
 * money, so the refund is our record alone. The refund's id is its payment row's reference,
 * which Stripe's charge.refunded event then finds already recorded. The record's description is
 * the reason staff gave, which the customer sees on the invoice and in the mail about it.
 */
export async function refundInvoice(
  deps: BackendDeps,
  staff: StaffSession,
  id: string,
  request: z.output<typeof RefundRequestSchema>,
): Promise<AdminDone> {
  const { auditKey, provider } = await deps.db.transaction(async (tx) => {
    const { paid } = await lockedInvoice(tx, id);
    const refundable = refundableOf(paid);
    const taken = takenBy(paid);
    if (!taken || refundable <= 0) throw new ApiError(409, { key: 'nothingToRefund' });
    if (request.Amount > refundable) throw new ApiError(400, { key: 'refundTooLarge', values: { amount: formatUsd(refundable) } });
    // The same request again (a retry after a lost answer) is the same refund at the provider.
    const requestKey = `staff-refund-${id}-${paid.length}-${request.Amount}`;
    const refundRef =
      taken.provider === 'manual'
        ? `refund-${requestKey}`
        : await providerCall(() => activeProvider(deps, taken.provider).refundPayment(taken.providerRef, request.Amount, requestKey));
    const refund = {
      invoiceId: id,
      paidAt: deps.clock.now(),
      description: request.Reason || paymentDescription('refundByStaff'),
      amountCents: request.Amount,
      isPayment: false,
      isCard: taken.isCard,
      provider: taken.provider,
      providerRef: refundRef,
    };
    await tx.insert(payments).values(refund).onConflictDoNothing();
    await queueRefund(tx, deps, refund);
    const audited = await recordAudit(tx, deps.clock, staff, {
      action: 'invoice.refund',
      targetType: 'invoice',
      targetId: id,
      before: { Refundable: refundable },
      after: { Refundable: refundable - request.Amount, Amount: request.Amount, Reason: request.Reason, ProviderRef: refundRef },
    });
    return { auditKey: audited, provider: taken.provider };
  });
  deps.metrics.countMoney(['refund'], provider);
  deps.kickOutbox();
  return { ErrorMessages: [], AuditKey: auditKey };
}
