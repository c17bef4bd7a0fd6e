import { and, desc, eq, exists, gte, ilike, lt, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  listPageSize,
  type InvoiceListQuerySchema,
  type InvoiceListRow,
  type InvoiceListStatus,
  type ListPage,
  type PaymentListQuerySchema,
  type PaymentListRow,
  type SubscriptionListQuerySchema,
  type SubscriptionListRow,
  type SubscriptionListStatus,
} from '../../../lib/contract/admin-lists';
import { groupBy } from '../../../lib/group-by';
import type { Db } from '../../db/database';
import { invoiceLines, invoices, offers, payments, subscriptions, users } from '../../db/schema';
import type { BackendDeps } from '../../deps';
import { likePattern } from '../accounts/customers-admin';
import { describedLine, linesOf, wordedPayment } from '../billing/invoices';
import type { ApiLanguage } from '../platform/language';

/*
 * The console's global lists: a page at a time (offset paging, a bounded page size), newest
 * first, filtered by status, a range of UTC days, an offer and a search text.
 */

const dayMs = 24 * 60 * 60_000;

/** `from` and `to` (both included) as a condition on a timestamp column. */
function inDays(column: Column, from?: string, to?: string): SQL | undefined {
  return and(
    from ? gte(column, new Date(`${from}T00:00:00Z`)) : undefined,
    to ? lt(column, new Date(new Date(`${to}T00:00:00Z`).getTime() + dayMs)) : undefined,
  );
}

/** An invoice found by its number, billing name or email, or its account's email. */
function invoiceMatches(query: string): SQL | undefined {
  const text = query.trim();
  if (!text) return undefined;
  const pattern = likePattern(text);
  return or(
    ilike(invoices.number, pattern),
    ilike(invoices.billingName, pattern),
    ilike(invoices.billingEmail, pattern),
    ilike(users.email, pattern),
  );
}

/** The invoice bills the offer on one of its lines. */
const billsOffer = (db: Db, offerKey: string | undefined) =>
  offerKey
    ? exists(
        db
          .select({ one: sql`1` })
          .from(invoiceLines)
          .where(and(eq(invoiceLines.invoiceId, invoices.id), eq(invoiceLines.offerKey, offerKey))),
      )
    : undefined;

/** Rows one past the page tell whether there is a next page. */
function pageOf<T>(rows: T[], page: number): ListPage<T> {
  return { Rows: rows.slice(0, listPageSize), Page: page, HasMore: rows.length > listPageSize };
}
const window = (page: number) => ({ limit: listPageSize + 1, offset: (page - 1) * listPageSize });

/** Money taken and money given back per invoice, as the customer's invoice status counts them. */
const moneyOf = (db: Db) =>
  db
    .select({
      invoiceId: payments.invoiceId,
      taken: sql<number>`sum(case when ${payments.isPayment} then ${payments.amountCents} else 0 end)`.mapWith(Number).as('taken'),
      givenBack: sql<number>`sum(case when ${payments.isPayment} then 0 else ${payments.amountCents} end)`.mapWith(Number).as('given_back'),
    })
    .from(payments)
    .groupBy(payments.invoiceId)
    .as('money');

/** GET /admin/invoices: every customer's invoices. */
export async function listInvoices(
  deps: Pick<BackendDeps, 'db' | 'catalog'>,
  query: z.output<typeof InvoiceListQuerySchema>,
  language: ApiLanguage,
): Promise<ListPage<InvoiceListRow>> {
  const { db } = deps;
  const money = moneyOf(db);
  const taken = sql`coalesce(${money.taken}, 0)`;
  const givenBack = sql`coalesce(${money.givenBack}, 0)`;
  // As invoiceStatus (lib/contract/presentation.ts) words it for the customer.
  const status = sql<InvoiceListStatus>`case
    when ${invoices.isVoid} then 'void'
    when ${invoices.fullyPaidAt} is null then 'unpaid'
    when ${givenBack} = 0 then 'paid'
    when ${taken} - ${givenBack} <= 0 then 'refunded'
    when ${taken} - ${givenBack} < ${invoices.totalCents} then 'partially-refunded'
    else 'paid' end`;
  const rows = await db
    .select({ invoice: invoices, email: users.email, status, givenBack: sql<number>`${givenBack}`.mapWith(Number) })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .leftJoin(money, eq(money.invoiceId, invoices.id))
    .where(
      and(
        invoiceMatches(query.q),
        inDays(invoices.createdAt, query.from, query.to),
        billsOffer(db, query.offer),
        query.status ? sql`${status} = ${query.status}` : undefined,
      ),
    )
    .orderBy(desc(invoices.createdAt), desc(invoices.number))
    .limit(window(query.page).limit)
    .offset(window(query.page).offset);
  const page = pageOf(rows, query.page);
  const lines = page.Rows.length
    ? await linesOf(
        db,
        page.Rows.map((row) => row.invoice.id),
      )
    : [];
  const onSale = await deps.catalog.byKey(lines.map((line) => line.offerKey));
  const linesOfInvoice = groupBy(lines, (line) => line.invoiceId);
  return {
    ...page,
    Rows: page.Rows.map(({ invoice, email, status: shown, givenBack: refunded }) => ({
      CustomerKey: invoice.userId,
      CustomerEmailAddress: email,
      InvoiceKey: invoice.id,
      InvoiceNumber: invoice.number,
      BillingName: invoice.billingName,
      CreatedDate: invoice.createdAt.toISOString(),
      Status: shown,
      Total: invoice.totalCents,
      Refunded: refunded,
      Products: (linesOfInvoice.get(invoice.id) ?? []).map((line) => describedLine(onSale, line, language)),
    })),
  };
}

/** GET /admin/payments: every payment and refund, each with its invoice and customer. */
export async function listPayments(
  deps: Pick<BackendDeps, 'db'>,
  query: z.output<typeof PaymentListQuerySchema>,
  language: ApiLanguage,
): Promise<ListPage<PaymentListRow>> {
  const { db } = deps;
  const rows = await db
    .select({ payment: payments, invoice: invoices, email: users.email })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(
      and(
        invoiceMatches(query.q),
        inDays(payments.paidAt, query.from, query.to),
        billsOffer(db, query.offer),
        query.kind ? eq(payments.isPayment, query.kind === 'payment') : undefined,
      ),
    )
    .orderBy(desc(payments.paidAt), desc(payments.id))
    .limit(window(query.page).limit)
    .offset(window(query.page).offset);
  const page = pageOf(rows, query.page);
  return {
    ...page,
    Rows: page.Rows.map(({ payment, invoice, email }) => ({
      Key: payment.id,
      CustomerKey: invoice.userId,
      CustomerEmailAddress: email,
      InvoiceKey: invoice.id,
      InvoiceNumber: invoice.number,
      BillingName: invoice.billingName,
      Date: payment.paidAt.toISOString(),
      Kind: payment.isPayment ? 'payment' : 'refund',
      Amount: payment.amountCents,
      Provider: payment.provider,
      Description: wordedPayment(payment, language),
    })),
  };
}

/** GET /admin/subscriptions: the current period of every subscription (a renewed period gives way to its next). */
export async function listSubscriptions(
  deps: Pick<BackendDeps, 'db' | 'clock'>,
  query: z.output<typeof SubscriptionListQuerySchema>,
  language: ApiLanguage,
): Promise<ListPage<SubscriptionListRow>> {
  const { db } = deps;
  const now = deps.clock.now();
  const status = sql<SubscriptionListStatus>`case
    when ${subscriptions.renewalFailed} then 'renewal-failed'
    when not ${subscriptions.isValid} or not ${subscriptions.isActivated} or ${subscriptions.expiresAt} <= ${now} then 'expired'
    when ${subscriptions.isCancelled} then 'cancelled'
    else 'active' end`;
  const rows = await db
    .select({ subscription: subscriptions, invoice: invoices, email: users.email, offer: offers.description, status })
    .from(subscriptions)
    .innerJoin(invoices, eq(invoices.id, subscriptions.invoiceId))
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(offers, eq(offers.key, subscriptions.offerKey))
    .where(
      and(
        eq(subscriptions.isRenewed, false),
        invoiceMatches(query.q),
        inDays(subscriptions.effectiveAt, query.from, query.to),
        query.offer ? eq(subscriptions.offerKey, query.offer) : undefined,
        query.status ? sql`${status} = ${query.status}` : undefined,
      ),
    )
    .orderBy(desc(subscriptions.effectiveAt), desc(subscriptions.id))
    .limit(window(query.page).limit)
    .offset(window(query.page).offset);
  const page = pageOf(rows, query.page);
  return {
    ...page,
    Rows: page.Rows.map(({ subscription, invoice, email, offer, status: shown }) => ({
      Key: subscription.id,
      CustomerKey: subscription.userId,
      CustomerEmailAddress: email,
      InvoiceKey: invoice.id,
      InvoiceNumber: invoice.number,
      BillingName: invoice.billingName,
      Product: offer[language],
      Quantity: subscription.quantity,
      Status: shown,
      StartDate: subscription.effectiveAt.toISOString(),
      EndDate: subscription.expiresAt.toISOString(),
      NextRenewalDate: subscription.nextRenewalAt?.toISOString() ?? null,
      Provider: subscription.provider,
    })),
  };
}
