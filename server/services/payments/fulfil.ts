import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { checkoutSessions, invoices, offers, payments, subscriptions, users } from '../../db/schema';
import type { BackendDeps } from '../../deps';
import type { MoneyEvent } from '../../metrics';
import { ApiError } from '../../errors';
import { stopRenewalsAtProvider } from '../billing/cancel-subscription';
import { recordCard } from '../billing/card-on-file';
import { queueReceipt, queueRefund } from '../billing/mail';
import { removePaidFromCart } from '../store/cart';
import { addMonths } from '../platform/dates';
import { linesOf, paymentDescription, type PaymentKind } from '../billing/invoices';
import { newLicenseKey } from '../billing/license-keys';
import { noScheduledChange, renewingPlan } from '../billing/subscriptions';
import { expireOpenCheckouts } from './expire';
import { activeProvider, providerCall } from './active-provider';
import type { CheckoutState } from './provider';

export interface Fulfilment {
  invoiceId: string;
  userId: string;
  /** False when an earlier call had already fulfilled this checkout. */
  fulfilledNow: boolean;
  /** The checkout charged for an earlier version of the invoice: money recorded, nothing delivered. */
  outdated?: true;
  /** A second payment of an invoice already paid (another tab): given back, nothing delivered. */
  refunded?: true;
  /** That second payment was given back by this call. */
  refundedNow?: true;
}

/** What a fulfilment did with money, for the metrics once its transaction committed. */
export const moneyEventsOf = (fulfilment: Fulfilment): MoneyEvent[] => [
  ...(fulfilment.fulfilledNow || fulfilment.outdated ? (['payment'] as const) : []),
  ...(fulfilment.refundedNow ? (['refund'] as const) : []),
];

/**
 * Fulfils a paid checkout in its own transaction (the return page, the offline test card):
 * counts its money once committed and wakes the mail sender for what it queued.
 */
export async function fulfilCheckout(
  deps: BackendDeps,
  sessionId: string,
  provider: string,
  state: CheckoutState,
  testCardOutcome?: string,
): Promise<Fulfilment> {
  const fulfilment = await deps.db.transaction((tx) => fulfilCheckoutIn(deps, tx, sessionId, provider, state, testCardOutcome));
  deps.metrics.countMoney(moneyEventsOf(fulfilment), provider);
  // The receipt, or the mail about a second payment given back.
  if (fulfilment.fulfilledNow || fulfilment.refundedNow) deps.kickOutbox();
  return fulfilment;
}

/** What every outcome of one fulfilment works with, read under the locks of `fulfilCheckoutIn`. */
interface Paid {
  deps: BackendDeps;
  tx: Db;
  now: Date;
  provider: string;
  state: CheckoutState;
  testCardOutcome: string | undefined;
  session: typeof checkoutSessions.$inferSelect;
  invoice: typeof invoices.$inferSelect;
  /** The account is being deleted: what it paid for runs its period, with no renewal. */
  leaving: boolean;
  result: Pick<Fulfilment, 'invoiceId' | 'userId'>;
  recordPayment(amountCents: number): Promise<unknown>;
}

/**
 * Fulfils a paid checkout inside the caller's transaction (the webhook's, which tells the mail
 * sender after it commits): the invoice becomes paid, the payment is recorded, subscriptions
 * are created, what was bought leaves the cart. Safe to run any number of times and
 * concurrently: the invoice row is locked and a paid invoice ends the work; payments and
 * subscriptions also have unique keys.
 */
export async function fulfilCheckoutIn(
  deps: BackendDeps,
  tx: Db,
  sessionId: string,
  provider: string,
  state: CheckoutState,
  testCardOutcome?: string,
): Promise<Fulfilment> {
  const now = deps.clock.now();
  const [session] = await tx
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.provider, provider)))
    .for('update');
  if (!session) throw new ApiError(404, { key: 'sessionUnknown' });
  // Locked: a deletion being scheduled waits for this fulfilment and then cancels what it
  // delivered, or this fulfilment waits for it and sees it (services/accounts/accounts.ts).
  const [owner] = await tx.select({ deletionDueAt: users.deletionDueAt }).from(users).where(eq(users.id, session.userId)).for('share');
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, session.invoiceId)).for('update');
  const paymentRef = state.paymentRef ?? sessionId;
  const paid: Paid = {
    deps,
    tx,
    now,
    provider,
    state,
    testCardOutcome,
    session,
    invoice,
    leaving: owner.deletionDueAt !== null,
    result: { invoiceId: invoice.id, userId: invoice.userId },
    recordPayment: (amountCents) =>
      tx
        .insert(payments)
        .values({
          invoiceId: invoice.id,
          paidAt: now,
          description: paymentDescription(provider === 'manual' ? 'paymentCardTest' : 'paymentCard'),
          amountCents,
          provider,
          providerRef: paymentRef,
        })
        .onConflictDoNothing(),
  };
  if (session.status === 'refunded') return { ...paid.result, fulfilledNow: false, refunded: true };
  // A void invoice takes no money: a payment that got past the expiry of its checkouts is given back too.
  if (invoice.fullyPaidAt || invoice.isVoid) return settleLatePayment(paid, paymentRef);
  if (session.invoiceVersion !== invoice.version) return recordOutdatedPayment(paid);
  return deliverPurchase(paid);
}

/** A checkout of an invoice already paid or void: the payment counted before, or given back now. */
async function settleLatePayment(paid: Paid, paymentRef: string): Promise<Fulfilment> {
  const { deps, tx, provider, session, invoice, result } = paid;
  const [counted] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, paymentRef)));
  if (!counted) {
    await refundSecondPayment(deps, tx, {
      sessionId: session.id,
      provider,
      invoiceId: invoice.id,
      amountCents: paid.state.amountCents,
      record: paid.recordPayment,
      now: paid.now,
      kind: invoice.fullyPaidAt ? 'refundSecondPayment' : 'refundVoidInvoice',
    });
    return { ...result, fulfilledNow: false, refunded: true, refundedNow: true };
  }
  if (session.status !== 'complete')
    await tx.update(checkoutSessions).set({ status: 'complete' }).where(eq(checkoutSessions.id, session.id));
  return { ...result, fulfilledNow: false };
}

/**
 * The cart changed after this checkout began and the provider charged the old amount (a
 * checkout is expired when a new version starts; this is the race past that): the money is
 * recorded for a person to reconcile, nothing is delivered.
 */
async function recordOutdatedPayment(paid: Paid): Promise<Fulfilment> {
  const { deps, tx, session, invoice, state } = paid;
  await paid.recordPayment(state.amountCents);
  await tx.update(checkoutSessions).set({ status: 'complete' }).where(eq(checkoutSessions.id, session.id));
  deps.logger.error('checkout paid for an outdated invoice version: reconcile or refund', {
    sessionId: session.id,
    invoiceId: invoice.id,
    paidVersion: session.invoiceVersion,
    currentVersion: invoice.version,
    amountCents: state.amountCents,
  });
  return { ...paid.result, fulfilledNow: false, outdated: true };
}

/** The invoice is paid now: receipt, subscriptions (new, or lapsed ones continued), cart, other checkouts. */
async function deliverPurchase(paid: Paid): Promise<Fulfilment> {
  const { deps, tx, now, provider, session, invoice } = paid;
  await paid.recordPayment(invoice.totalCents);
  await tx.update(invoices).set({ fullyPaidAt: now }).where(eq(invoices.id, invoice.id));
  // The card that paid is the one renewals charge from now on.
  if (paid.state.card) await recordCard(tx, invoice.userId, provider, paid.state.card, now);
  await queueReceipt(tx, deps, invoice, now);
  const lines = await linesOf(tx, invoice.id);
  const { periods, lapsedIds } = await subscriptionPeriods(paid, lines);
  if (periods.length) await tx.insert(subscriptions).values(periods).onConflictDoNothing();
  // Stripe renews on its own: told inside this write, so a refusal undoes it and the webhook comes again.
  if (paid.leaving) await stopRenewalsAtProvider(deps, periods);
  if (lapsedIds.length)
    await tx
      .update(subscriptions)
      .set({ isRenewed: true, renewalFailed: false, ...noScheduledChange })
      .where(inArray(subscriptions.id, lapsedIds));
  await tx
    .update(checkoutSessions)
    .set({
      status: 'complete',
      testCardOutcome: paid.testCardOutcome ?? session.testCardOutcome,
      providerCustomerId: paid.state.providerCustomerId,
    })
    .where(eq(checkoutSessions.id, session.id));
  if (invoice.fromCart) await removePaidFromCart(tx, invoice.userId, lines);
  // The invoice is paid: its other checkouts (another tab) must not take a card too.
  if (deps.payments?.name === provider) await expireOpenCheckouts(tx, deps.payments, invoice.id, ne(checkoutSessions.id, session.id));
  return { ...paid.result, fulfilledNow: true };
}

/**
 * The subscriptions a paid invoice starts: one per subscription line of a purchase (of the
 * line's quantity, as Stripe counts it, with a new licence key), or, for the unpaid invoice of
 * a failed renewal (Pay Now), its lapsed subscriptions continued from today with their keys. Renewal invoices never come from a cart.
 */
async function subscriptionPeriods(paid: Paid, lines: { offerKey: string; quantity: number }[]) {
  const { tx, now, provider, state, invoice, testCardOutcome } = paid;
  // One statement for the offers and one for every line's subscription, whatever the cart.
  const lineOffers = lines.length
    ? await tx
        .select()
        .from(offers)
        .where(
          inArray(
            offers.key,
            lines.map((line) => line.offerKey),
          ),
        )
    : [];
  const offerOf = new Map(lineOffers.map((offer) => [offer.key, offer]));
  // A subscription's paid period from now (or as the provider counts it).
  const periodOf = (
    offerKey: string,
    quantity: number,
    renewalMonths: number,
    previous: { previousId?: string; testCardOutcome: string | null; licenseKey: string | null },
  ) => {
    const expiresAt = state.periodEnd ?? addMonths(now, renewalMonths);
    // Held as a deletion holds it (billing/cancel-subscription.ts): a login that cancels the deletion gives it back.
    const renewal = paid.leaving
      ? { nextRenewalAt: null, isCancelled: true, renewalHeldForDeletionAt: expiresAt }
      : { nextRenewalAt: expiresAt };
    return {
      userId: invoice.userId,
      offerKey,
      quantity,
      invoiceId: invoice.id,
      effectiveAt: now,
      expiresAt,
      ...renewal,
      provider,
      providerSubscriptionId: state.providerSubscriptionId,
      ...previous,
    };
  };
  const lapsed = invoice.fromCart
    ? []
    : await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.renewalInvoiceId, invoice.id), eq(subscriptions.isRenewed, false)));
  if (lapsed.length)
    return {
      // The unpaid renewal billed the change scheduled for it: the continued period starts it.
      periods: lapsed.map((row) => {
        const { offerKey, quantity } = renewingPlan(row);
        return periodOf(offerKey, quantity, offerOf.get(offerKey)?.renewalMonths ?? 1, {
          previousId: row.id,
          testCardOutcome: testCardOutcome ?? row.testCardOutcome,
          licenseKey: row.licenseKey,
        });
      }),
      lapsedIds: lapsed.map((row) => row.id),
    };
  const periods = lines.flatMap((line) => {
    const offer = offerOf.get(line.offerKey);
    return offer?.isSubscription
      ? [
          periodOf(offer.key, line.quantity, offer.renewalMonths, {
            testCardOutcome: testCardOutcome ?? null,
            licenseKey: newLicenseKey(offer.claims),
          }),
        ]
      : [];
  });
  return { periods, lapsedIds: [] };
}

/**
 * A checkout of an invoice that another checkout has already paid took a card too (two tabs
 * paid at once, past the expiry of the other checkouts), or of an invoice voided meanwhile:
 * the provider gives the money back (Stripe also ends the subscription it started), and the
 * invoice shows the payment and its refund. A provider that cannot be reached undoes it all;
 * the next report tries again.
 */
async function refundSecondPayment(
  deps: BackendDeps,
  tx: Db,
  second: {
    sessionId: string;
    provider: string;
    invoiceId: string;
    amountCents: number;
    record(amountCents: number): Promise<unknown>;
    now: Date;
    kind: Extract<PaymentKind, 'refundSecondPayment' | 'refundVoidInvoice'>;
  },
): Promise<void> {
  const provider = activeProvider(deps, second.provider);
  const refundRef = await providerCall(() => provider.refundCheckout(second.sessionId));
  await second.record(second.amountCents);
  const refund = {
    invoiceId: second.invoiceId,
    paidAt: second.now,
    description: paymentDescription(second.kind),
    amountCents: second.amountCents,
    isPayment: false,
    provider: second.provider,
    providerRef: refundRef,
  };
  await tx.insert(payments).values(refund).onConflictDoNothing();
  await queueRefund(tx, deps, refund);
  await tx.update(checkoutSessions).set({ status: 'refunded' }).where(eq(checkoutSessions.id, second.sessionId));
  deps.logger.warn('second payment of a paid invoice refunded', {
    sessionId: second.sessionId,
    invoiceId: second.invoiceId,
    amountCents: second.amountCents,
    refundRef,
  });
}
