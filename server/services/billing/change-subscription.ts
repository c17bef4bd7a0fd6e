import { and, eq } from 'drizzle-orm';
import type { SubscriptionChange, SubscriptionChanged, SubscriptionChangePreview } from '../../../lib/contract/billing';
import { invoices, subscriptions } from '../../db/schema';
import type { BackendDeps } from '../../deps';
import { ApiError } from '../../errors';
import { invoiceTexts } from '../../i18n';
import { activeProvider, providerCall } from '../payments/active-provider';
import type { ApiLanguage } from '../platform/language';
import { addMonths } from '../platform/dates';
import type { Offer } from '../store/catalog';
import { taxOn } from '../store/tax';
import { testCardOutcomeOnFile } from './card-on-file';
import { billedAddressOf, createInvoice, paymentDescription, recordPaidInvoice } from './invoices';
import { queueReceipt } from './mail';
import { findOwnSubscription, noScheduledChange, type SubscriptionRow } from './subscriptions';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A share of an amount, in cents rounded half up (Stripe rounds its prorations alike). */
const prorated = (amountCents: number, part: number, whole: number) => Math.round((amountCents * part) / whole);

/**
 * The arithmetic of a change (docs/product/billing.md#changing-plan-and-seats), at today's
 * prices as renewals charge them, by the second as Stripe prorates. The unused share of the
 * period is credited against the new plan: for the rest of the period with the same renewal
 * interval, or in full from now with another interval (a new period starts, as with Stripe).
 * A change that then costs more applies now and charges the difference; any other is
 * scheduled for the next renewal: the period keeps what it paid for, so nothing is credited.
 */
function planChange(subscription: SubscriptionRow, current: Offer, target: Offer, quantity: number, now: Date) {
  const whole = seconds(subscription.expiresAt) - seconds(subscription.effectiveAt);
  const unused = seconds(subscription.expiresAt) - seconds(now);
  const credit = prorated(current.priceCents * subscription.quantity, unused, whole);
  const renewalCents = target.priceCents * quantity;
  const sameInterval = current.renewalMonths === target.renewalMonths;
  const dueCents = (sameInterval ? prorated(renewalCents, unused, whole) : renewalCents) - credit;
  const chargeNow = dueCents > 0;
  const periodEnd = chargeNow && !sameInterval ? addMonths(now, target.renewalMonths) : subscription.expiresAt;
  return { chargeNow, dueCents: chargeNow ? dueCents : 0, renewalCents, periodEnd };
}

const charge = (subTotalCents: number, basisPoints: number) => {
  const tax = taxOn(subTotalCents, basisPoints);
  return { SubTotalAmount: subTotalCents, TaxTotalAmount: tax, TotalAmount: subTotalCents + tax };
};

/**
 * The subscription, the offers before and after (and of a change scheduled before), and the
 * invoice whose billing contact and tax rate the change keeps. Choosing the period's own plan
 * and seats again is a change only while another one is scheduled: it drops that one.
 */
async function changeContext(deps: BackendDeps, userId: string, id: string, request: SubscriptionChange) {
  const { subscription, offer: current, scheduledOffer } = await findOwnSubscription(deps.db, userId, id);
  const now = deps.clock.now();
  const renewing = subscription.nextRenewalAt && !subscription.isCancelled && !subscription.isRenewed && !subscription.renewalFailed;
  if (!renewing || !subscription.isValid || subscription.effectiveAt > now || subscription.expiresAt <= now)
    throw new ApiError(409, { key: 'notChangeable' });
  const target = (await deps.catalog.byKey([request.OfferKey])).get(request.OfferKey);
  // The plans of the same app, as the pricing page groups them.
  if (!target?.isSubscription || target.appPage !== current.appPage) throw new ApiError(400, { key: 'planNotOffered' });
  const keepsPeriodsPlan = target.key === current.key && request.Quantity === subscription.quantity;
  if (keepsPeriodsPlan && !scheduledOffer) throw new ApiError(400, { key: 'nothingToChange' });
  const [invoice] = await deps.db.select().from(invoices).where(eq(invoices.id, subscription.invoiceId));
  const change = planChange(subscription, current, target, request.Quantity, now);
  return { subscription, current, scheduledOffer, target, keepsPeriodsPlan, invoice, now, change };
}

export async function previewSubscriptionChange(
  deps: BackendDeps,
  userId: string,
  id: string,
  request: SubscriptionChange,
  language: ApiLanguage,
): Promise<SubscriptionChangePreview> {
  const { target, invoice, change } = await changeContext(deps, userId, id, request);
  return {
    OfferKey: target.key,
    Description: target.description[language],
    Quantity: request.Quantity,
    AppliesNow: change.chargeNow,
    Now: charge(change.dueCents, invoice.taxRateBasisPoints),
    NextRenewalDate: change.periodEnd.toISOString(),
    NextRenewal: charge(change.renewalCents, invoice.taxRateBasisPoints),
  };
}

/** An offer's price as the provider is told it. */
const providerPriceOf = (offer: Offer) => ({
  key: offer.key,
  name: offer.description.en,
  priceCents: offer.priceCents,
  renewalMonths: offer.renewalMonths,
  previousPriceId: null,
  providerPriceId: offer.providerPriceId,
});

/**
 * Applies a change. Charged now: the provider charges first (Stripe: a subscription update
 * with proration; offline: the subscription's test card), then one write makes the invoice of
 * the charge, paid, ends the old period now and starts one of the new plan, keeping the
 * licence key. Else the change is scheduled: the period keeps its plan and seats, the next
 * renewal starts the new ones (Stripe: told now, so that its next invoice bills them).
 */
export async function applySubscriptionChange(
  deps: BackendDeps,
  userId: string,
  id: string,
  request: SubscriptionChange,
): Promise<SubscriptionChanged> {
  const { subscription, current, scheduledOffer, target, keepsPeriodsPlan, invoice, now, change } = await changeContext(
    deps,
    userId,
    id,
    request,
  );
  const taxCents = taxOn(change.dueCents, invoice.taxRateBasisPoints);
  // Offline, the card renewals charge decides: the card on file, else the one that bought it.
  const outcome =
    subscription.provider === 'manual' ? ((await testCardOutcomeOnFile(deps.db, userId)) ?? subscription.testCardOutcome) : null;
  if (subscription.provider === 'manual' && change.chargeNow && outcome !== 'success') throw new ApiError(402, { key: 'cardDeclined' });
  const provider = activeProvider(deps, subscription.provider);
  const paymentRef = await providerCall(() =>
    provider.changeSubscription(subscription.providerSubscriptionId ?? subscription.id, {
      // The provider was told of a scheduled change already: its item has that price now.
      currentUnitPriceCents: (scheduledOffer ?? current).priceCents,
      paidPlan: scheduledOffer ? { offer: providerPriceOf(current), quantity: subscription.quantity } : null,
      offer: providerPriceOf(target),
      quantity: request.Quantity,
      chargeNow: change.chargeNow,
      prorationDate: now,
      periodEnd: change.periodEnd,
      taxCents,
      taxDescription: invoiceTexts('en').invoice.tax,
      idempotencyKey: `plan-change-${subscription.id}-${target.key}-${request.Quantity}-${seconds(now)}`,
    }),
  );
  if (!change.chargeNow) {
    await deps.db
      .update(subscriptions)
      .set(keepsPeriodsPlan ? noScheduledChange : { scheduledOfferKey: target.key, scheduledQuantity: request.Quantity })
      .where(and(eq(subscriptions.id, subscription.id), eq(subscriptions.isRenewed, false)));
    return { SubscriptionKey: subscription.id, InvoiceKey: null };
  }
  const changed = await deps.db.transaction(async (tx) => {
    const charged = await createInvoice(tx, deps.clock, {
      userId,
      email: invoice.billingEmail,
      billing: billedAddressOf(invoice),
      // One line of the new plan for the prorated amount: the invoice shows what was charged.
      lines: [{ offerKey: target.key, description: target.description.en, unitPriceCents: change.dueCents, quantity: 1 }],
      taxRate: { basisPoints: invoice.taxRateBasisPoints, exempt: invoice.isTaxExempt },
      taxCents,
      fromCart: false,
    });
    await recordPaidInvoice(tx, charged, {
      paidAt: now,
      description: paymentDescription(subscription.provider === 'manual' ? 'paymentCardTest' : 'paymentCard'),
      provider: subscription.provider,
      providerRef: paymentRef ?? charged.id,
    });
    await tx
      .update(subscriptions)
      .set({ isRenewed: true, nextRenewalAt: null, expiresAt: now, ...noScheduledChange })
      .where(eq(subscriptions.id, subscription.id));
    const [started] = await tx
      .insert(subscriptions)
      .values({
        userId,
        offerKey: target.key,
        quantity: request.Quantity,
        invoiceId: charged.id,
        previousId: subscription.id,
        effectiveAt: now,
        expiresAt: change.periodEnd,
        nextRenewalAt: change.periodEnd,
        provider: subscription.provider,
        providerSubscriptionId: subscription.providerSubscriptionId,
        licenseKey: subscription.licenseKey,
        testCardOutcome: subscription.testCardOutcome,
      })
      .returning();
    await queueReceipt(tx, deps, charged, now);
    return { SubscriptionKey: started.id, InvoiceKey: charged.id };
  });
  deps.metrics.countMoney(['payment'], subscription.provider);
  deps.kickOutbox();
  return changed;
}
