import { and, count, eq, gt, isNotNull, lte } from 'drizzle-orm';
import type { Overview } from '../../../lib/contract/admin';
import { offers, subscriptions, supportMessages } from '../../db/schema';
import type { BackendDeps } from '../../deps';
import { revenueByMonth } from './reports';

const monthsShown = 12;

/**
 * The console's first page. Revenue is the reports' (net of tax and refunds), of the last
 * twelve UTC months. A subscription is active as the customer's pages say (activated, valid,
 * begun, not expired); it adds to the monthly recurring revenue while it will renew, at its
 * offer's price (what the renewal charges), per month.
 */
export async function overview(deps: Pick<BackendDeps, 'db' | 'clock'>): Promise<Overview> {
  const now = deps.clock.now();
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const active = and(
    eq(subscriptions.isActivated, true),
    eq(subscriptions.isValid, true),
    lte(subscriptions.effectiveAt, now),
    gt(subscriptions.expiresAt, now),
  );
  const [revenue, [{ activeCount }], renewing, [{ open }]] = await Promise.all([
    revenueByMonth(deps.db, thisMonth - (monthsShown - 1), thisMonth),
    deps.db.select({ activeCount: count() }).from(subscriptions).where(active),
    deps.db
      .select({ quantity: subscriptions.quantity, priceCents: offers.priceCents, renewalMonths: offers.renewalMonths })
      .from(subscriptions)
      .innerJoin(offers, eq(offers.key, subscriptions.offerKey))
      .where(and(active, eq(subscriptions.isCancelled, false), isNotNull(subscriptions.nextRenewalAt))),
    deps.db.select({ open: count() }).from(supportMessages).where(eq(supportMessages.status, 'new')),
  ]);
  const monthly = renewing.reduce((total, row) => total + (row.priceCents * row.quantity) / Math.max(1, row.renewalMonths), 0);
  return {
    RevenueByMonth: revenue.map((month) => ({ Month: month.Month, Amount: month.Net })),
    ActiveSubscriptions: activeCount,
    MonthlyRecurringRevenue: Math.round(monthly),
    OpenSupportMessages: open,
  };
}
