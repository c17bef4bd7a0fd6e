import { and, eq, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../db/database';
import { checkoutSessions, invoices, payments, processedEvents, subscriptions } from '../../db/schema';
import type { BackendDeps } from '../../deps';
import type { MoneyEvent } from '../../metrics';
import { ApiError } from '../../errors';
import { saveSetupCard } from '../billing/card-on-file';
import { queueRefund, queueRenewalFailed } from '../billing/mail';
import { paymentDescription } from '../billing/invoices';
import { renewSubscriptions } from '../billing/renewals';
import { fulfilCheckoutIn, moneyEventsOf } from './fulfil';
import { StripeProvider } from './stripe';

/** The object a Stripe event of this type carries in its data. */
type EventObject<T extends Stripe.Event['type']> = Extract<Stripe.Event, { type: T }>['data']['object'];
type Handler<T extends Stripe.Event['type']> = (
  deps: BackendDeps,
  tx: Db,
  provider: StripeProvider,
  object: EventObject<T>,
) => Promise<MoneyEvent[] | void>;
/** A handler per event type this site acts on; every other type is acknowledged and ignored. */
type Handlers = { [T in Stripe.Event['type']]?: Handler<T> };

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/** invoice.parent.subscription_details.subscription since the 2025 API (STACK-NOTES.md). */
const subscriptionOfInvoice = (invoice: Stripe.Invoice) => idOf(invoice.parent?.subscription_details?.subscription);

const liveRowsOf = (tx: Db, providerSubscriptionId: string) =>
  tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'stripe'),
        eq(subscriptions.providerSubscriptionId, providerSubscriptionId),
        eq(subscriptions.isRenewed, false),
      ),
    );

async function checkoutPaid(deps: BackendDeps, tx: Db, provider: StripeProvider, session: Stripe.Checkout.Session) {
  // A card update (setup mode) charges nothing: its card becomes the card on file.
  if (session.mode === 'setup') {
    const state = await provider.cardSetupState(session.id);
    if (state) await saveSetupCard(deps, tx, provider, state);
    return;
  }
  if (session.payment_status === 'unpaid') return;
  const [known] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.id));
  if (!known) return; // not started by this site
  return moneyEventsOf(await fulfilCheckoutIn(deps, tx, session.id, 'stripe', await provider.checkoutState(session.id)));
}

const handlers: Handlers = {
  'checkout.session.completed': checkoutPaid,
  'checkout.session.async_payment_succeeded': checkoutPaid,
  'checkout.session.async_payment_failed': async (_deps, tx, _provider, session) => {
    await tx
      .update(checkoutSessions)
      .set({ status: 'failed' })
      .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'open')));
  },
  /** A renewal charge succeeded: a paid renewal invoice and the next period. */
  'invoice.paid': async (deps, tx, _provider, invoice) => {
    const subscriptionId = subscriptionOfInvoice(invoice);
    if (!subscriptionId || invoice.billing_reason !== 'subscription_cycle') return;
    const rows = await liveRowsOf(tx, subscriptionId);
    if (!rows.length) return;
    const periodEnd = invoice.lines?.data[0]?.period?.end;
    await renewSubscriptions(tx, deps, rows, {
      paid: true,
      provider: 'stripe',
      paymentRef: invoice.id ?? `invoice-${subscriptionId}`,
      periodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
    });
    return ['renewal'];
  },
  'invoice.payment_failed': async (deps, tx, _provider, invoice) => {
    const subscriptionId = subscriptionOfInvoice(invoice);
    if (!subscriptionId || invoice.billing_reason !== 'subscription_cycle') return;
    const [unit] = await tx
      .update(subscriptions)
      .set({ renewalFailed: true })
      .where(and(eq(subscriptions.providerSubscriptionId, subscriptionId), eq(subscriptions.isRenewed, false)))
      .returning();
    if (!unit) return;
    // Stripe retries a failed invoice and reports each failure: one mail per invoice.
    await queueRenewalFailed(tx, deps, {
      subscription: unit,
      amountCents: invoice.amount_due,
      pay: { providerUrl: invoice.hosted_invoice_url ?? null },
      eventKey: `renewal-failed:stripe:${invoice.id}`,
    });
    return ['renewal_failed'];
  },
  'customer.subscription.updated': async (_deps, tx, _provider, subscription) => {
    const periodEnd = subscription.items?.data[0]?.current_period_end;
    const cancelled = subscription.cancel_at_period_end || subscription.status === 'canceled';
    await tx
      .update(subscriptions)
      .set({ isCancelled: cancelled, nextRenewalAt: cancelled || !periodEnd ? null : new Date(periodEnd * 1000) })
      .where(and(eq(subscriptions.providerSubscriptionId, subscription.id), eq(subscriptions.isRenewed, false)));
  },
  /**
   * Refunds of a charge, ours or made in Stripe's dashboard: each one not yet recorded becomes
   * a refund row of the invoice the charge paid, and the customer is told (our own refunds are
   * already recorded under their refund id, and a redelivery finds them all recorded).
   */
  'charge.refunded': async (deps, tx, provider, charge) => {
    const paymentIntent = idOf(charge.payment_intent);
    if (!paymentIntent) return;
    const paidBy = async (refs: string[]) =>
      refs.length
        ? tx
            .select()
            .from(payments)
            .where(and(eq(payments.provider, 'stripe'), eq(payments.isPayment, true), inArray(payments.providerRef, refs)))
            .limit(1)
        : [];
    // A one-time checkout's payment keeps the intent; a subscription's keeps the Stripe invoice it paid.
    const paid = (await paidBy([paymentIntent]))[0] ?? (await paidBy(await provider.invoicesPaidBy(paymentIntent)))[0];
    if (!paid) return; // not a charge of this site
    // Waits for a staff refund of this invoice that is still being written.
    await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, paid.invoiceId)).for('update');
    const refunds = await provider.refundsOfCharge(charge.id);
    const given = refunds.filter((refund) => refund.status === 'succeeded' || refund.status === 'pending');
    if (!given.length) return;
    const recorded = await tx
      .insert(payments)
      .values(
        given.map((refund) => ({
          invoiceId: paid.invoiceId,
          paidAt: deps.clock.now(),
          description: paymentDescription('refundInProvider'),
          amountCents: refund.amount,
          isPayment: false,
          isCard: paid.isCard,
          provider: 'stripe',
          providerRef: refund.id,
        })),
      )
      .onConflictDoNothing()
      .returning();
    for (const refund of recorded) await queueRefund(tx, deps, refund);
    return recorded.map(() => 'refund' as const);
  },
  'customer.subscription.deleted': async (_deps, tx, _provider, subscription) => {
    await tx
      .update(subscriptions)
      .set({ isCancelled: true, nextRenewalAt: null })
      .where(and(eq(subscriptions.providerSubscriptionId, subscription.id), eq(subscriptions.isRenewed, false)));
  },
};

/** Generic in the type, so the handler found takes exactly the object of that type's events. */
const handlerOf = <T extends Stripe.Event['type']>(type: T): Handler<T> | undefined => handlers[type];

/**
 * A signed Stripe event, verified on the raw body. Handled once per event id: the id is
 * recorded in the same transaction as the work, so a crash leaves neither and a redelivery
 * does it all again, while a second delivery after success changes nothing.
 */
/** The events the site records; Stripe's webhook endpoint must send each of them (docs/deploy.md). */
export const stripeWebhookEvents = Object.keys(handlers);

export async function handleStripeWebhook(deps: BackendDeps, rawBody: string, signature: string | undefined): Promise<void> {
  const provider = deps.payments;
  const secret = deps.config.stripe?.webhookSecret;
  if (!(provider instanceof StripeProvider) || !secret)
    throw new ApiError(404, { key: 'providerInactive', values: { provider: 'stripe' } });
  let event: Stripe.Event;
  try {
    event = provider.stripe.webhooks.constructEvent(rawBody, signature ?? '', secret);
  } catch {
    throw new ApiError(400, { key: 'webhookSignature' });
  }
  const handler = handlerOf(event.type);
  if (!handler) return;
  const moneyEvents = await deps.db.transaction(async (tx) => {
    const [fresh] = await tx.insert(processedEvents).values({ provider: 'stripe', eventId: event.id }).onConflictDoNothing().returning();
    if (!fresh) return [];
    return (await handler(deps, tx, provider, event.data.object)) ?? [];
  });
  deps.metrics.countMoney(moneyEvents, 'stripe');
  // What the event queued is sent now that it is committed.
  deps.kickOutbox();
  deps.logger.info('stripe event handled', { type: event.type, eventId: event.id });
}
