import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { checkoutSessions, invoices, offers, payments, subscriptions, users } from '../../db/schema';
import type { BackendDeps } from '../../deps';
import type { MoneyEvent } from '../../metrics';
import { ApiError } from '../../errors';
import { stopRenewalsAtProvider } from '../billing/cancel-subscription';
import { queueReceipt } from '../billing/mail';
import { removePaidFromCart } from '../store/cart';
import { addMonths } from '../platform/dates';
import { linesOf, paymentDescription, type PaymentKind } from '../billing/invoices';
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
 * Fulfils a paid checkout: the invoice becomes paid, the payment is recorded, subscriptions
 * are created, what was bought leaves the cart. One function for the return page and the webhook, safe to
 * run any number of times and concurrently: the invoice row is locked and a paid invoice ends
 * the work; payments and subscriptions also have unique keys.
 */
export async function fulfilCheckout(
  deps: BackendDeps,
  db: Db,
  sessionId: string,
  provider: string,
  state: CheckoutState,
  testCardOutcome?: string,
): Promise<Fulfilment> {
  const now = deps.clock.now();
  const run = async (tx: Db): Promise<Fulfilment> => {
    const [session] = await tx
      .select()
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.provider, provider)))
      .for('update');
    if (!session) throw new ApiError(404, { key: 'sessionUnknown' });
    // Locked: a deletion being scheduled waits for this fulfilment and then cancels what it
    // delivered, or this fulfilment waits for it and sees it (services/accounts/accounts.ts).
    const [owner] = await tx.select({ deletionDueAt: users.deletionDueAt }).from(users).where(eq(users.id, session.userId)).for('share');
    // An account being deleted is charged no more: what it paid for runs its period, no renewal.
    const leaving = owner.deletionDueAt !== null;
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, session.invoiceId)).for('update');
    const result = { invoiceId: invoice.id, userId: invoice.userId };
    const paymentRef = state.paymentRef ?? sessionId;
    const recordPayment = (amountCents: number) =>
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
        .onConflictDoNothing();
    if (session.status === 'refunded') return { ...result, fulfilledNow: false, refunded: true };
    // A void invoice takes no money: a payment that got past the expiry of its checkouts is given back too.
    if (invoice.fullyPaidAt || invoice.isVoid) {
      const [counted] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.providerRef, paymentRef)));
      if (!counted)
        return refundSecondPayment(deps, tx, {
          sessionId,
          provider,
          invoiceId: invoice.id,
          amountCents: state.amountCents,
          record: recordPayment,
          now,
          kind: invoice.fullyPaidAt ? 'refundSecondPayment' : 'refundVoidInvoice',
        }).then(() => ({ ...result, fulfilledNow: false, refunded: true as const, refundedNow: true as const }));
      if (session.status !== 'complete')
        await tx.update(checkoutSessions).set({ status: 'complete' }).where(eq(checkoutSessions.id, sessionId));
      return { ...result, fulfilledNow: false };
    }
    if (session.invoiceVersion !== invoice.version) {
      // The cart changed after this checkout began and the provider charged the old amount
      // (a checkout is expired when a new version starts; this is the race past that).
      await recordPayment(state.amountCents);
      await tx.update(checkoutSessions).set({ status: 'complete' }).where(eq(checkoutSessions.id, sessionId));
      deps.logger.error('checkout paid for an outdated invoice version: reconcile or refund', {
        sessionId,
        invoiceId: invoice.id,
        paidVersion: session.invoiceVersion,
        currentVersion: invoice.version,
        amountCents: state.amountCents,
      });
      return { ...result, fulfilledNow: false, outdated: true };
    }
    await recordPayment(invoice.totalCents);
    await tx.update(invoices).set({ fullyPaidAt: now }).where(eq(invoices.id, invoice.id));
    await queueReceipt(tx, deps, invoice, now);
    // One statement for the offers and one for every line's subscription, whatever the cart.
    const lines = await linesOf(tx, invoice.id);
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
      previous: { previousId?: string; testCardOutcome: string | null },
    ) => {
      const expiresAt = state.periodEnd ?? addMonths(now, renewalMonths);
      const { userId, id: invoiceId } = invoice;
      const renewal = leaving ? { nextRenewalAt: null, isCancelled: true } : { nextRenewalAt: expiresAt };
      return {
        userId,
        offerKey,
        quantity,
        invoiceId,
        effectiveAt: now,
        expiresAt,
        ...renewal,
        provider,
        providerSubscriptionId: state.providerSubscriptionId,
        ...previous,
      };
    };
    // The unpaid invoice of a failed renewal (Pay Now): its lapsed subscriptions continue from today.
    // (Renewal invoices never come from a cart, so a purchase does not look.)
    const lapsed = invoice.fromCart
      ? []
      : await tx
          .select()
          .from(subscriptions)
          .where(and(eq(subscriptions.renewalInvoiceId, invoice.id), eq(subscriptions.isRenewed, false)));
    const continued = lapsed.map((row) =>
      periodOf(row.offerKey, row.quantity, offerOf.get(row.offerKey)?.renewalMonths ?? 1, {
        previousId: row.id,
        testCardOutcome: testCardOutcome ?? row.testCardOutcome,
      }),
    );
    const bought = lines.flatMap((line) => {
      const offer = offerOf.get(line.offerKey);
      if (!offer?.isSubscription) return [];
      // One subscription per line, of the line's quantity (as Stripe counts it).
      return [periodOf(offer.key, line.quantity, offer.renewalMonths, { testCardOutcome: testCardOutcome ?? null })];
    });
    const periods = lapsed.length ? continued : bought;
    if (periods.length) await tx.insert(subscriptions).values(periods).onConflictDoNothing();
    // Stripe renews on its own: told inside this write, so a refusal undoes it and the webhook comes again.
    if (leaving) await stopRenewalsAtProvider(deps, periods);
    if (lapsed.length) {
      await tx
        .update(subscriptions)
        .set({ isRenewed: true, renewalFailed: false })
        .where(
          inArray(
            subscriptions.id,
            lapsed.map((row) => row.id),
          ),
        );
    }
    await tx
      .update(checkoutSessions)
      .set({
        status: 'complete',
        testCardOutcome: testCardOutcome ?? session.testCardOutcome,
        providerCustomerId: state.providerCustomerId,
      })
      .where(eq(checkoutSessions.id, sessionId));
    if (invoice.fromCart) await removePaidFromCart(tx, invoice.userId, lines);
    // The invoice is paid: its other checkouts (another tab) must not take a card too.
    if (deps.payments?.name === provider) await expireOpenCheckouts(tx, deps.payments, invoice.id, ne(checkoutSessions.id, sessionId));
    return { ...result, fulfilledNow: true };
  };
  // Inside a caller's transaction (webhook) use it, which tells the mail sender after it commits; otherwise open one.
  if (db !== deps.db) return run(db);
  const fulfilment = await deps.db.transaction(run);
  deps.metrics.countMoney(moneyEventsOf(fulfilment), provider);
  if (fulfilment.fulfilledNow) deps.kickOutbox();
  return fulfilment;
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
  await tx
    .insert(payments)
    .values({
      invoiceId: second.invoiceId,
      paidAt: second.now,
      description: paymentDescription(second.kind),
      amountCents: second.amountCents,
      isPayment: false,
      provider: second.provider,
      providerRef: refundRef,
    })
    .onConflictDoNothing();
  await tx.update(checkoutSessions).set({ status: 'refunded' }).where(eq(checkoutSessions.id, second.sessionId));
  deps.logger.warn('second payment of a paid invoice refunded', {
    sessionId: second.sessionId,
    invoiceId: second.invoiceId,
    amountCents: second.amountCents,
    refundRef,
  });
}
