import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { formatUsd } from '../../../lib/contract/presentation';
import { listPageSize, reminderIntervalMs, type ListPage, type OwedRow, type RetryResult } from '../../../lib/contract/admin-lists';
import type { AdminDone } from '../../../lib/contract/admin';
import { cardPath, payInvoicePath } from '../../../lib/portal-paths';
import type { Db } from '../../db/database';
import { checkoutSessions, invoices, offers, subscriptions, users } from '../../db/schema';
import type { BackendDeps } from '../../deps';
import { ApiError } from '../../errors';
import type { StaffSession } from '../accounts/sessions';
import { longDate, mailCustomer } from '../billing/mail';
import { chargeTestCard, renewSubscriptions } from '../billing/renewals';
import { renewalChargeCents, renewingOfferKey, renewingPlan, type SubscriptionRow } from '../billing/subscriptions';
import { activeProvider, providerCall } from '../payments/active-provider';
import { fulfilCheckoutIn } from '../payments/fulfil';
import { StripeProvider } from '../payments/stripe';
import { randomToken } from '../platform/crypto';
import { recordAudit } from './audit';

/*
 * Money owed (the console's "Chase money"): unpaid invoices of ours that no cart checkout is
 * behind — a failed renewal of the offline provider — and renewals that failed at Stripe,
 * whose unpaid invoice Stripe keeps. A cart's unpaid invoice is a checkout the buyer left, not
 * a debt. Staff send a reminder, or charge the card on file again.
 */

type OwedKind = OwedRow['Kind'];
const dayMs = 24 * 60 * 60_000;

const unpaidInvoice = and(eq(invoices.isVoid, false), isNull(invoices.fullyPaidAt), eq(invoices.fromCart, false));
const failedAtStripe = and(
  eq(subscriptions.provider, 'stripe'),
  eq(subscriptions.renewalFailed, true),
  eq(subscriptions.isRenewed, false),
  eq(subscriptions.isCancelled, false),
  isNull(subscriptions.renewalInvoiceId),
);

/** GET /admin/collections: newest first, a page at a time. */
export async function listOwed(deps: Pick<BackendDeps, 'db' | 'clock'>, page: number): Promise<ListPage<OwedRow>> {
  const { db } = deps;
  const owed = await db
    .select({ kind: sql<OwedKind>`'invoice'`.as('kind'), id: invoices.id, since: sql<string>`${invoices.createdAt}`.as('since') })
    .from(invoices)
    .where(unpaidInvoice)
    .unionAll(
      db
        .select({
          kind: sql<OwedKind>`'renewal'`.as('kind'),
          id: subscriptions.id,
          since: sql<string>`${subscriptions.expiresAt}`.as('since'),
        })
        .from(subscriptions)
        .where(failedAtStripe),
    )
    .orderBy(desc(sql`since`), desc(sql`id`))
    .limit(listPageSize + 1)
    .offset((page - 1) * listPageSize);
  const shown = owed.slice(0, listPageSize);
  const ids = (kind: OwedKind) => shown.filter((row) => row.kind === kind).map((row) => row.id);
  const [invoiceRows, renewalRows] = await Promise.all([owedInvoices(db, ids('invoice')), owedRenewals(db, ids('renewal'))]);
  const now = deps.clock.now().getTime();
  const found = new Map([...invoiceRows, ...renewalRows].map((row) => [row.Key, row]));
  return {
    Rows: shown.flatMap((row) => {
      const details = found.get(row.id);
      return details ? [{ ...details, AgeDays: Math.floor((now - new Date(row.since).getTime()) / dayMs) }] : [];
    }),
    Page: page,
    HasMore: owed.length > listPageSize,
  };
}

type OwedDetails = Omit<OwedRow, 'AgeDays'>;

const reminded = (invoice: Pick<typeof invoices.$inferSelect, 'lastReminderAt' | 'reminderCount'>) => ({
  LastReminderDate: invoice.lastReminderAt?.toISOString() ?? null,
  ReminderCount: invoice.reminderCount,
});

async function owedInvoices(db: Db, ids: string[]): Promise<OwedDetails[]> {
  if (!ids.length) return [];
  const [rows, renewing] = await Promise.all([
    db
      .select({ invoice: invoices, email: users.email })
      .from(invoices)
      .innerJoin(users, eq(users.id, invoices.userId))
      .where(inArray(invoices.id, ids)),
    db
      .selectDistinct({ invoiceId: subscriptions.renewalInvoiceId, provider: subscriptions.provider })
      .from(subscriptions)
      .where(inArray(subscriptions.renewalInvoiceId, ids)),
  ]);
  const providerOf = new Map(renewing.map((row) => [row.invoiceId, row.provider]));
  return rows.map(({ invoice, email }) => ({
    Kind: 'invoice',
    Key: invoice.id,
    CustomerKey: invoice.userId,
    CustomerEmailAddress: email,
    InvoiceKey: invoice.id,
    InvoiceNumber: invoice.number,
    BillingName: invoice.billingName,
    Amount: invoice.totalCents,
    SinceDate: invoice.createdAt.toISOString(),
    IsRenewal: providerOf.has(invoice.id),
    Provider: providerOf.get(invoice.id) ?? null,
    ...reminded(invoice),
  }));
}

async function owedRenewals(db: Db, ids: string[]): Promise<OwedDetails[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ subscription: subscriptions, invoice: invoices, email: users.email, priceCents: offers.priceCents })
    .from(subscriptions)
    .innerJoin(invoices, eq(invoices.id, subscriptions.invoiceId))
    .innerJoin(users, eq(users.id, subscriptions.userId))
    // A failed renewal billed the change scheduled for it.
    .innerJoin(offers, eq(offers.key, renewingOfferKey))
    .where(inArray(subscriptions.id, ids));
  return rows.map(({ subscription, invoice, email, priceCents }) => ({
    Kind: 'renewal',
    Key: subscription.id,
    CustomerKey: subscription.userId,
    CustomerEmailAddress: email,
    InvoiceKey: invoice.id,
    InvoiceNumber: invoice.number,
    BillingName: invoice.billingName,
    Amount: renewalChargeCents(priceCents, renewingPlan(subscription).quantity, invoice.taxRateBasisPoints),
    SinceDate: subscription.expiresAt.toISOString(),
    IsRenewal: true,
    Provider: subscription.provider,
    ...reminded(invoice),
  }));
}

/** What is owed, locked for the action on it; 404 when it is not (or no longer) owed. */
async function lockedOwed(tx: Db, kind: OwedKind, id: string) {
  if (kind === 'invoice') {
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, id), unpaidInvoice))
      .for('update');
    if (!invoice) throw new ApiError(404, { key: 'notFound' });
    const lapsed = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.renewalInvoiceId, id), eq(subscriptions.isRenewed, false)));
    return { invoice, lapsed, stripeSubscription: null };
  }
  const [subscription] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), failedAtStripe))
    .for('update');
  if (!subscription?.providerSubscriptionId) throw new ApiError(404, { key: 'notFound' });
  // Stripe keeps the unpaid invoice; reminders are counted on the invoice of the period that lapsed.
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, subscription.invoiceId)).for('update');
  return { invoice, lapsed: [subscription], stripeSubscription: subscription.providerSubscriptionId };
}

function stripeOf(deps: BackendDeps): StripeProvider {
  const provider = activeProvider(deps, 'stripe');
  if (!(provider instanceof StripeProvider)) throw new ApiError(404, { key: 'providerInactive', values: { provider: 'stripe' } });
  return provider;
}

/**
 * Mails the customer a reminder of what they owe, in their language: the invoice, its date and
 * amount, and where to pay (our Pay Now, or Stripe's page of its open invoice). A second
 * reminder within a few minutes is refused (409), so a double click sends one mail.
 */
export async function sendReminder(deps: BackendDeps, staff: StaffSession, kind: OwedKind, id: string): Promise<AdminDone> {
  const auditKey = await deps.db.transaction(async (tx) => {
    const { invoice, lapsed, stripeSubscription } = await lockedOwed(tx, kind, id);
    const now = deps.clock.now();
    if (invoice.lastReminderAt && now.getTime() - invoice.lastReminderAt.getTime() < reminderIntervalMs)
      throw new ApiError(409, { key: 'reminderTooSoon', values: { minutes: String(reminderIntervalMs / 60_000) } });
    const atStripe = stripeSubscription ? await providerCall(() => stripeOf(deps).openRenewalInvoice(stripeSubscription)) : null;
    if (stripeSubscription && !atStripe) throw new ApiError(409, { key: 'nothingOwed' });
    const count = invoice.reminderCount + 1;
    const queued = await mailCustomer(tx, deps, invoice.userId, async (language, link) => ({
      kind: 'paymentReminder',
      values: {
        invoice: atStripe?.number ?? invoice.number,
        // Stripe's invoice is dated the day the renewal came due.
        date: longDate(stripeSubscription ? lapsed[0].expiresAt : invoice.createdAt, language),
        amount: formatUsd(atStripe?.amountDue ?? invoice.totalCents),
        link: atStripe ? (atStripe.hostedUrl ?? link(payInvoicePath(invoice.id))) : link(payInvoicePath(invoice.id)),
        cardLink: link(cardPath),
      },
      eventKey: `payment-reminder:${invoice.id}:${count}`,
    }));
    if (!queued) throw new ApiError(409, { key: 'reminderNoAddress' });
    await tx.update(invoices).set({ lastReminderAt: now, reminderCount: count }).where(eq(invoices.id, invoice.id));
    return recordAudit(tx, deps.clock, staff, {
      action: 'invoice.remind',
      targetType: kind === 'invoice' ? 'invoice' : 'subscription',
      targetId: id,
      before: { ReminderCount: invoice.reminderCount },
      after: { ReminderCount: count, InvoiceNumber: atStripe?.number ?? invoice.number },
    });
  });
  deps.kickOutbox();
  return { ErrorMessages: [], AuditKey: auditKey };
}

/**
 * Charges a failed renewal again. With Stripe, its open invoice is paid at Stripe with the
 * card on file, and a paid one renews here at once as its invoice.paid event would (the event,
 * when it comes, finds it recorded). The offline provider charges its test card as the renewal
 * job does; a paid one is fulfilled as the customer's Pay Now is. A declined card changes
 * nothing but the audit log, which records every attempt.
 */
export async function retryCharge(deps: BackendDeps, staff: StaffSession, kind: OwedKind, id: string): Promise<RetryResult> {
  const { auditKey, paid, provider } = await deps.db.transaction(async (tx) => {
    const { invoice, lapsed, stripeSubscription } = await lockedOwed(tx, kind, id);
    if (!lapsed.length) throw new ApiError(409, { key: 'chargeNotRetryable' });
    const attempt = stripeSubscription
      ? await retryAtStripe(deps, tx, stripeSubscription, lapsed)
      : await retryTestCard(deps, tx, invoice, lapsed);
    const audited = await recordAudit(tx, deps.clock, staff, {
      action: 'invoice.retry-charge',
      targetType: kind === 'invoice' ? 'invoice' : 'subscription',
      targetId: id,
      before: { Paid: false },
      after: { Paid: attempt.paid, Provider: attempt.provider, InvoiceNumber: attempt.invoiceNumber },
    });
    return { auditKey: audited, ...attempt };
  });
  if (paid) {
    deps.metrics.countMoney([kind === 'invoice' ? 'payment' : 'renewal'], provider);
    deps.kickOutbox();
  }
  return { ErrorMessages: [], AuditKey: auditKey, Paid: paid };
}

interface Attempt {
  paid: boolean;
  provider: string;
  invoiceNumber: string;
}

async function retryAtStripe(deps: BackendDeps, tx: Db, providerSubscriptionId: string, lapsed: SubscriptionRow[]): Promise<Attempt> {
  const stripe = stripeOf(deps);
  const open = await providerCall(() => stripe.openRenewalInvoice(providerSubscriptionId));
  if (!open) throw new ApiError(409, { key: 'nothingOwed' });
  const { paid, periodEnd } = await providerCall(() => stripe.payInvoice(open.id));
  if (paid) {
    // Every line Stripe's subscription bills renews with it, as the invoice.paid event renews them.
    const lines = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.providerSubscriptionId, providerSubscriptionId), eq(subscriptions.isRenewed, false)));
    await renewSubscriptions(tx, deps, lines.length ? lines : lapsed, { paid: true, provider: 'stripe', paymentRef: open.id, periodEnd });
  }
  return { paid, provider: 'stripe', invoiceNumber: open.number };
}

async function retryTestCard(
  deps: BackendDeps,
  tx: Db,
  invoice: typeof invoices.$inferSelect,
  lapsed: SubscriptionRow[],
): Promise<Attempt> {
  const provider = activeProvider(deps, 'manual');
  const { paid, outcome } = await chargeTestCard(tx, lapsed[0]);
  if (paid) {
    // Paid as the customer's Pay Now is: a completed checkout of the invoice, fulfilled.
    const sessionId = `ms_${randomToken(18)}`;
    await tx.insert(checkoutSessions).values({
      id: sessionId,
      provider: provider.name,
      userId: invoice.userId,
      invoiceId: invoice.id,
      invoiceVersion: invoice.version,
      status: 'complete',
      testCardOutcome: outcome,
      createdAt: deps.clock.now(),
    });
    await fulfilCheckoutIn(
      deps,
      tx,
      sessionId,
      provider.name,
      {
        status: 'complete',
        paid: true,
        paymentRef: sessionId,
        amountCents: invoice.totalCents,
        providerSubscriptionId: null,
        providerCustomerId: null,
        periodEnd: null,
        card: null,
      },
      outcome ?? undefined,
    );
  }
  return { paid, provider: provider.name, invoiceNumber: invoice.number };
}
