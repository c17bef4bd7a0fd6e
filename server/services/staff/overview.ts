import { and, count, eq, gt, gte, isNotNull, lte, sql, sum } from 'drizzle-orm';
import type { Overview } from '../../../lib/contract/admin';
import { invoiceLines, offers, payments, subscriptions, supportMessages } from '../../db/schema';
import type { BackendDeps } from '../../deps';

const monthsShown = 12;

/** YYYY-MM of a date, in UTC. */
const monthOf = (date: Date) => date.toISOString().slice(0, 7);

/** Money taken less refunds per UTC month, the last twelve months (this one included), oldest first, empty months as 0. */
async function revenueByMonth(deps: Pick<BackendDeps, 'db'>, now: Date): Promise<Overview['RevenueByMonth']> {
  const months = Array.from(
    { length: monthsShown },
    (_, index) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (monthsShown - 1 - index), 1)),
  );
  const month = sql<string>`to_char(${payments.paidAt} at time zone 'UTC', 'YYYY-MM')`;
  const rows = await deps.db
    .select({
      month,
      amount: sum(sql`case when ${payments.isPayment} then ${payments.amountCents} else -${payments.amountCents} end`).mapWith(Number),
    })
    .from(payments)
    .where(gte(payments.paidAt, months[0]))
    .groupBy(month);
  const byMonth = new Map(rows.map((row) => [row.month, row.amount]));
  return months.map((start) => ({ Month: monthOf(start), Amount: byMonth.get(monthOf(start)) ?? 0 }));
}

/**
 * The console's first page. A subscription is active as the customer's pages say (activated,
 * valid, begun, not expired); it adds to the monthly recurring revenue while it will renew, at
 * the unit price of the invoice line it was sold or last renewed on, per month.
 */
export async function overview(deps: Pick<BackendDeps, 'db' | 'clock'>): Promise<Overview> {
  const now = deps.clock.now();
  const active = and(
    eq(subscriptions.isActivated, true),
    eq(subscriptions.isValid, true),
    lte(subscriptions.effectiveAt, now),
    gt(subscriptions.expiresAt, now),
  );
  const [revenue, [{ activeCount }], renewing, [{ open }]] = await Promise.all([
    revenueByMonth(deps, now),
    deps.db.select({ activeCount: count() }).from(subscriptions).where(active),
    deps.db
      .select({ quantity: subscriptions.quantity, unitPriceCents: invoiceLines.unitPriceCents, renewalMonths: offers.renewalMonths })
      .from(subscriptions)
      .innerJoin(offers, eq(offers.key, subscriptions.offerKey))
      .innerJoin(invoiceLines, and(eq(invoiceLines.invoiceId, subscriptions.invoiceId), eq(invoiceLines.offerKey, subscriptions.offerKey)))
      .where(and(active, eq(subscriptions.isCancelled, false), isNotNull(subscriptions.nextRenewalAt))),
    deps.db.select({ open: count() }).from(supportMessages).where(eq(supportMessages.status, 'new')),
  ]);
  const monthly = renewing.reduce((total, row) => total + (row.unitPriceCents * row.quantity) / Math.max(1, row.renewalMonths), 0);
  return {
    RevenueByMonth: revenue,
    ActiveSubscriptions: activeCount,
    MonthlyRecurringRevenue: Math.round(monthly),
    OpenSupportMessages: open,
  };
}
