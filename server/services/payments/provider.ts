import type { PaymentProviderName } from '../../../lib/contract/store';
import type { ApiLanguage } from '../platform/language';

interface CheckoutLine {
  description: string;
  unitPriceCents: number;
  quantity: number;
  /** Months between renewals, for subscription lines. */
  renewalMonths: number | null;
  /** The provider's own price for this line's offer at this unit price, when it has one. */
  providerPriceId: string | null;
}

export interface CheckoutRequest {
  invoiceId: string;
  invoiceNumber: string;
  invoiceVersion: number;
  customerEmail: string;
  /** The buyer's language: the provider's page and the line names are in it. */
  language: ApiLanguage;
  lines: CheckoutLine[];
  taxCents: number;
  taxDescription: string;
  /** Where the provider sends the buyer back; contains {CHECKOUT_SESSION_ID}. */
  returnUrl: string;
}

export interface CreatedCheckout {
  sessionId: string;
  clientSecret: string;
  /** Kept when we must check the secret ourselves (manual provider). */
  clientSecretHash: string | null;
}

/** What the provider says about a checkout session. */
export interface CheckoutState {
  status: 'open' | 'complete' | 'expired' | 'failed';
  paid: boolean;
  /** The provider's id of the charge (payment intent, invoice or our own reference). */
  paymentRef: string | null;
  amountCents: number;
  providerSubscriptionId: string | null;
  providerCustomerId: string | null;
  /** Subscription period end as the provider counts it. */
  periodEnd: Date | null;
  /** The card that paid, kept as the card on file that renewals charge. */
  card: PaymentCard | null;
}

/** A card as the portal shows it (never its number): Stripe's PaymentMethod, or the offline provider's test card. */
export interface PaymentCard {
  /** Stripe's PaymentMethod id; null for the offline provider. */
  providerRef: string | null;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** The offline provider: how this test card answers a renewal charge. */
  testCardOutcome: string | null;
}

/** A payment service (docs/payments.md): Stripe, or the offline manual provider. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  readonly publishableKey: string;
  createCheckout(request: CheckoutRequest): Promise<CreatedCheckout>;
  checkoutState(sessionId: string): Promise<CheckoutState>;
  /** Closes an open checkout so it can no longer be paid; false when it cannot (already paid). */
  expireCheckout(sessionId: string): Promise<boolean>;
  /**
   * Gives back the money a paid checkout took and ends what it started (a subscription), for a
   * second payment of an invoice already paid. Answers the refund's reference.
   */
  refundCheckout(sessionId: string): Promise<string>;
  /** Stops renewal at the end of the paid period. */
  cancelAtPeriodEnd(providerSubscriptionId: string): Promise<void>;
  /** Undoes `cancelAtPeriodEnd` while the paid period runs: the subscription renews again at its end. */
  undoCancelAtPeriodEnd(providerSubscriptionId: string): Promise<void>;
  /** A suspended customer: renewals come due but are not charged until resumed. */
  pauseRenewals(providerSubscriptionId: string): Promise<void>;
  resumeRenewals(providerSubscriptionId: string): Promise<void>;
  /** Ends a subscription at once: no renewal, nothing more charged. */
  cancelNow(providerSubscriptionId: string): Promise<void>;
  /**
   * Gives back part or all of a payment, named by the reference its payment row keeps. The
   * key makes a repeated request one refund. Answers the refund's reference.
   */
  refundPayment(paymentRef: string, amountCents: number, idempotencyKey: string): Promise<string>;
  /**
   * Changes a subscription's plan or seats (docs/product/billing.md#changing-plan-and-seats).
   * Answers the reference of the charge it made, or null when nothing was charged.
   */
  changeSubscription(providerSubscriptionId: string, change: PlanChange): Promise<string | null>;
  /** The provider's price object for an offer's current price, or null when the provider keeps none. */
  offerPrice(offer: OfferPriceRequest): Promise<string | null>;
}

/** What a provider's price of an offer is made from. */
export interface OfferPriceRequest {
  key: string;
  name: string;
  priceCents: number;
  /** Months between renewals for a subscription; null for a one-time offer. */
  renewalMonths: number | null;
  /** The price made last time, whose product the new price joins. */
  previousPriceId: string | null;
}

type PlanPrice = OfferPriceRequest & { providerPriceId: string | null };

/** A plan change as the provider is told it. */
export interface PlanChange {
  /** The unit price the subscription renews at now: finds its item at the provider. */
  currentUnitPriceCents: number;
  /**
   * The plan and seats the period was paid for, when the provider's item holds a change
   * scheduled since: a charge now prorates from what was paid.
   */
  paidPlan: { offer: PlanPrice; quantity: number } | null;
  offer: PlanPrice;
  quantity: number;
  /** Charge the prorated difference as of `prorationDate` (with the tax), or bill the new plan from the next renewal. */
  chargeNow: boolean;
  prorationDate: Date;
  /** The period's end the renewal keeps when nothing is charged now. */
  periodEnd: Date;
  taxCents: number;
  taxDescription: string;
  idempotencyKey: string;
}

/** A provider call that failed; nothing was changed on our side. */
export class ProviderUnavailableError extends Error {}
