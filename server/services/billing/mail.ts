import { and, eq, gt, gte, isNull, lte } from 'drizzle-orm';
import { formatUsd } from '../../../lib/contract/presentation';
import { billingPath, cardPath, invoicePath, payInvoicePath, subscriptionPath } from '../../../lib/portal-paths';
import type { Db } from '../../db/database';
import { invoices, offers, payments, subscriptions, users } from '../../db/schema';
import { mailOrigin, queueMail, type MailToQueue } from '../../email/outbox';
import { pageLink, renewalsAfterDeletion, type EmailKind } from '../../email/templates';
import type { BackendDeps } from '../../deps';
import { notifyStaff } from '../staff/notifications';
import { pickLanguage, type ApiLanguage } from '../platform/language';
import { refundReason, toInvoiceModels, type InvoiceRow } from './invoices';
import { renewalChargeCents, renewingOfferKey, renewingPlan } from './subscriptions';

// The mails money sends: each is queued inside the write that makes it true, with an event key,
// so a payment reported by both the return page and the webhook is told once.

type MailDeps = Pick<BackendDeps, 'clock' | 'config'>;
/** A receipt words its lines as the invoice does, with the catalog's translations. */
type ReceiptDeps = Pick<BackendDeps, 'clock' | 'config' | 'catalog'>;
type Reader = Pick<Db, 'select' | 'insert'>;
type Subscription = typeof subscriptions.$inferSelect;

/** A yearly subscription's customer hears of the renewal this long before it is charged. */
const renewalReminderLeadMs = 7 * 24 * 60 * 60_000;
/** Offers that renew less often than this get a reminder (monthly ones do not). */
const remindedRenewalMonths = 12;

export const longDate = (date: Date, language: ApiLanguage) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date);

/** Where a customer's mail goes, in the language they last used; none for an erased account. */
async function customerOf(db: Reader, userId: string): Promise<{ email: string; language: ApiLanguage } | null> {
  const [user] = await db
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.erasedAt)));
  return user ? { email: user.email, language: pickLanguage(user.language) } : null;
}

async function offerName(db: Reader, offerKey: string, language: ApiLanguage): Promise<string> {
  const [offer] = await db.select({ description: offers.description }).from(offers).where(eq(offers.key, offerKey));
  return offer?.description[language] ?? offerKey;
}

/**
 * Queues a mail to a customer, worded in the language they last used (`link` makes a page's
 * address in it); none for an erased account. Answers whether it was queued.
 */
export async function mailCustomer<K extends EmailKind>(
  tx: Reader,
  deps: MailDeps,
  userId: string,
  compose: (language: ApiLanguage, link: (path: string) => string) => Promise<Omit<MailToQueue<K>, 'to' | 'language'>>,
): Promise<boolean> {
  const customer = await customerOf(tx, userId);
  if (!customer) return false;
  const { email, language } = customer;
  const mail = await compose(language, (path) => pageLink(mailOrigin(deps.config), language, path));
  return queueMail(tx, deps, { ...mail, to: email, language });
}

/**
 * The receipt of a paid invoice (a purchase, Pay Now or a renewal): its lines, tax and total,
 * with the invoice's PDF. Staff who opted in hear of the sale, once, as the customer does.
 */
export async function queueReceipt(tx: Reader, deps: ReceiptDeps, invoice: InvoiceRow, paidAt: Date): Promise<void> {
  if (!(await mailReceipt(tx, deps, invoice, paidAt, `receipt:${invoice.id}`))) return;
  await notifyStaff(tx, deps.clock, {
    event: 'sale',
    target: { type: 'invoice', id: invoice.id },
    details: { invoice: invoice.number, customer: invoice.billingEmail, amountCents: invoice.totalCents },
  });
}

/** The receipt again, as staff resend it: a mail of its own each time (`copyKey`), nothing told to staff. */
export const queueReceiptCopy = (tx: Reader, deps: ReceiptDeps, invoice: InvoiceRow, paidAt: Date, copyKey: string) =>
  mailReceipt(tx, deps, invoice, paidAt, `receipt-copy:${copyKey}`);

function mailReceipt(tx: Reader, deps: ReceiptDeps, invoice: InvoiceRow, paidAt: Date, eventKey: string): Promise<boolean> {
  return mailCustomer(tx, deps, invoice.userId, async (language, link) => {
    const [shown] = await toInvoiceModels({ db: tx, catalog: deps.catalog }, [invoice], language);
    return {
      kind: 'receipt',
      values: {
        invoice: invoice.number,
        date: longDate(paidAt, language),
        amount: formatUsd(invoice.totalCents),
        tax: formatUsd(invoice.taxCents),
        link: link(invoicePath(invoice.id)),
        lines: shown.LineItems.map((line) => ({
          description: line.Description,
          quantity: line.Quantity,
          amount: formatUsd(line.SubTotalAmount),
        })),
      },
      eventKey,
      attachment: { invoicePdf: { invoiceId: invoice.id, language } },
    };
  });
}

/**
 * Money given back on an invoice, whoever gave it (staff, Stripe's dashboard, a second payment
 * returned): how much, when and why. Once per refund, by its id at the provider.
 */
export async function queueRefund(
  tx: Reader,
  deps: MailDeps,
  refund: Pick<typeof payments.$inferSelect, 'invoiceId' | 'paidAt' | 'description' | 'amountCents' | 'provider' | 'providerRef'>,
): Promise<void> {
  const [invoice] = await tx
    .select({ userId: invoices.userId, number: invoices.number, billingEmail: invoices.billingEmail })
    .from(invoices)
    .where(eq(invoices.id, refund.invoiceId));
  const queued = await mailCustomer(tx, deps, invoice.userId, async (language, link) => ({
    kind: 'invoiceRefunded',
    values: {
      invoice: invoice.number,
      date: longDate(refund.paidAt, language),
      amount: formatUsd(refund.amountCents),
      reason: refundReason(refund.description, language) ?? '',
      link: link(invoicePath(refund.invoiceId)),
    },
    eventKey: `refund:${refund.provider}:${refund.providerRef}`,
  }));
  if (!queued) return;
  await notifyStaff(tx, deps.clock, {
    event: 'refund',
    target: { type: 'invoice', id: refund.invoiceId },
    details: { invoice: invoice.number, customer: invoice.billingEmail, amountCents: refund.amountCents },
  });
}

/** An invoice voided by staff: the customer no longer owes it, and hears why when staff said. */
export async function queueVoided(
  tx: Reader,
  deps: MailDeps,
  invoice: Pick<InvoiceRow, 'id' | 'userId' | 'number' | 'totalCents' | 'voidReason'>,
  voidedAt: Date,
): Promise<void> {
  await mailCustomer(tx, deps, invoice.userId, async (language, link) => ({
    kind: 'invoiceVoided',
    values: {
      invoice: invoice.number,
      date: longDate(voidedAt, language),
      amount: formatUsd(invoice.totalCents),
      reason: invoice.voidReason ?? '',
      link: link(invoicePath(invoice.id)),
    },
    eventKey: `void:${invoice.id}`,
  }));
}

/**
 * A renewal charge that failed: the amount, the day the subscription stopped, where to pay
 * (our unpaid invoice, or the provider's page for its own, else the billing page) and where to
 * change the card that the next renewals charge.
 */
export async function queueRenewalFailed(
  tx: Reader,
  deps: MailDeps,
  failure: {
    subscription: Pick<Subscription, 'userId' | 'offerKey' | 'expiresAt'>;
    amountCents: number;
    pay: { invoiceId: string } | { providerUrl: string | null };
    eventKey: string;
  },
): Promise<void> {
  const { subscription, pay } = failure;
  const queued = await mailCustomer(tx, deps, subscription.userId, async (language, link) => ({
    kind: 'renewalFailed',
    values: {
      offer: await offerName(tx, subscription.offerKey, language),
      date: longDate(subscription.expiresAt, language),
      amount: formatUsd(failure.amountCents),
      link: 'invoiceId' in pay ? link(payInvoicePath(pay.invoiceId)) : (pay.providerUrl ?? link(billingPath)),
      cardLink: link(cardPath),
    },
    eventKey: failure.eventKey,
  }));
  const customer = queued ? await customerOf(tx, subscription.userId) : null;
  if (!customer) return;
  await notifyStaff(tx, deps.clock, {
    event: 'renewal-failed',
    target: 'invoiceId' in pay ? { type: 'invoice', id: pay.invoiceId } : { type: 'customer', id: subscription.userId },
    details: { offerKey: subscription.offerKey, customer: customer.email, amountCents: failure.amountCents },
  });
}

/** A cancelled subscription: what stays usable, until when. */
export async function queueCancellation(tx: Reader, deps: MailDeps, subscription: Subscription): Promise<void> {
  await mailCustomer(tx, deps, subscription.userId, async (language, link) => ({
    kind: 'subscriptionCancelled',
    values: {
      offer: await offerName(tx, subscription.offerKey, language),
      date: longDate(subscription.expiresAt, language),
      link: link(subscriptionPath(subscription.id)),
    },
    eventKey: `cancelled:${subscription.id}`,
  }));
}

/**
 * A login cancelled the account's deletion: the account stays, these renewals came back and
 * these Stripe would not resume. One mail per deletion (its event key), however many logins.
 */
export async function queueDeletionCancelled(
  tx: Reader,
  deps: MailDeps,
  cancelled: { userId: string; restored: Subscription[]; refused: Subscription[]; eventKey: string },
): Promise<void> {
  await mailCustomer(tx, deps, cancelled.userId, async (language) => {
    const lines = (rows: Subscription[], dateOf: (row: Subscription) => Date) =>
      Promise.all(rows.map(async (row) => ({ offer: await offerName(tx, row.offerKey, language), date: longDate(dateOf(row), language) })));
    return {
      kind: 'deletionCancelled',
      values: {
        renewals: renewalsAfterDeletion(language, {
          restored: await lines(cancelled.restored, (row) => row.nextRenewalAt ?? row.expiresAt),
          refused: await lines(cancelled.refused, (row) => row.expiresAt),
        }),
      },
      eventKey: cancelled.eventKey,
    };
  });
}

/**
 * The reminder job: one mail per yearly subscription that renews within the lead time, with
 * what the renewal will charge at today's price. The event key is the subscription's period,
 * so it is reminded once per period however often the job runs.
 */
export async function remindUpcomingRenewals(deps: BackendDeps): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db
    .select({ subscription: subscriptions, offer: offers, taxRateBasisPoints: invoices.taxRateBasisPoints })
    .from(subscriptions)
    // The plan the renewal bills: a change scheduled for it, else the period's own.
    .innerJoin(offers, eq(offers.key, renewingOfferKey))
    .innerJoin(invoices, eq(invoices.id, subscriptions.invoiceId))
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(
      and(
        // A suspended customer is not renewed, so not reminded either.
        isNull(users.suspendedAt),
        eq(subscriptions.isCancelled, false),
        eq(subscriptions.isRenewed, false),
        eq(subscriptions.renewalFailed, false),
        gt(subscriptions.nextRenewalAt, now),
        lte(subscriptions.nextRenewalAt, new Date(now.getTime() + renewalReminderLeadMs)),
        gte(offers.renewalMonths, remindedRenewalMonths),
      ),
    );
  let reminded = 0;
  for (const { subscription, offer, taxRateBasisPoints } of due) {
    const amountCents = renewalChargeCents(offer.priceCents, renewingPlan(subscription).quantity, taxRateBasisPoints);
    const { nextRenewalAt } = subscription;
    if (!nextRenewalAt) continue;
    const queued = await deps.db.transaction((tx) =>
      mailCustomer(tx, deps, subscription.userId, async (language, link) => ({
        kind: 'renewalReminder',
        values: {
          offer: offer.description[language],
          date: longDate(nextRenewalAt, language),
          amount: formatUsd(amountCents),
          link: link(subscriptionPath(subscription.id)),
        },
        eventKey: `renewal-reminder:${subscription.id}`,
      })),
    );
    if (queued) reminded++;
  }
  if (reminded) deps.kickOutbox();
  return reminded;
}
