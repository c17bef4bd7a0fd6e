import Stripe from 'stripe';
import { brand } from '../../../lib/config';
import type { BackendConfig } from '../../config';
import type { ApiLanguage } from '../platform/language';
import { ApiError } from '../../errors';
import type {
  CheckoutRequest,
  CheckoutState,
  CreatedCheckout,
  OfferPriceRequest,
  PaymentCard,
  PaymentProvider,
  PlanChange,
} from './provider';
import { ProviderUnavailableError } from './provider';

type StripeSettings = NonNullable<BackendConfig['stripe']>;

/** The Stripe SDK client; STRIPE_API_BASE points it at a local fake server in tests. */
export function createStripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: base ? 0 : 2,
    timeout: settings.timeoutMs,
    ...(base ? { host: base.hostname, port: base.port, protocol: base.protocol.replace(':', '') as 'http' | 'https' } : {}),
    appInfo: { name: brand.product },
  });
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/** Stripe's recurring interval for a renewal every `months` months. */
const recurringOf = (months: number) =>
  months % 12 === 0 ? { interval: 'year' as const, interval_count: months / 12 } : { interval: 'month' as const, interval_count: months };

const monthsOf = (recurring: Stripe.Price.Recurring | null) =>
  recurring ? recurring.interval_count * (recurring.interval === 'year' ? 12 : 1) : 0;

const stripeSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new ProviderUnavailableError(error instanceof Error ? error.message : String(error));
  }
}

/** Embedded Checkout with Stripe Billing for subscriptions (STACK-NOTES.md: ui_mode embedded_page). */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;

  constructor(
    readonly stripe: Stripe,
    settings: StripeSettings,
  ) {
    this.publishableKey = settings.publishableKey;
  }

  async createCheckout(request: CheckoutRequest): Promise<CreatedCheckout> {
    const recurring = request.lines.some((line) => line.renewalMonths);
    // An offer saved through the console has its own Stripe Price; the rest are priced inline.
    const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = request.lines.map((line) =>
      line.providerPriceId
        ? { quantity: line.quantity, price: line.providerPriceId }
        : {
            quantity: line.quantity,
            price_data: {
              currency: 'usd',
              unit_amount: line.unitPriceCents,
              product_data: { name: line.description },
              ...(line.renewalMonths ? { recurring: { interval: 'month' as const, interval_count: line.renewalMonths } } : {}),
            },
          },
    );
    if (request.taxCents > 0) {
      lineItems.push({
        quantity: 1,
        price_data: { currency: 'usd', unit_amount: request.taxCents, product_data: { name: request.taxDescription } },
      });
    }
    const session = await call(() =>
      this.stripe.checkout.sessions.create(
        {
          ui_mode: 'embedded_page' as Stripe.Checkout.SessionCreateParams.UiMode,
          mode: recurring ? 'subscription' : 'payment',
          line_items: lineItems,
          customer_email: request.customerEmail,
          client_reference_id: request.invoiceId,
          metadata: { invoiceId: request.invoiceId, invoiceNumber: request.invoiceNumber },
          return_url: request.returnUrl,
          locale: request.language,
        },
        // Per language too: Stripe refuses a key sent again with other parameters.
        { idempotencyKey: `checkout-${request.invoiceId}-v${request.invoiceVersion}-${request.language}` },
      ),
    );
    if (!session.client_secret) throw new ProviderUnavailableError('Stripe returned no client secret');
    return { sessionId: session.id, clientSecret: session.client_secret, clientSecretHash: null };
  }

  async checkoutState(sessionId: string): Promise<CheckoutState> {
    // Checkout makes the card that paid the subscription's default: the card renewals charge. A
    // one-time payment's card is not kept by Stripe for later, so it is no card on file.
    const session = await call(() =>
      this.stripe.checkout.sessions.retrieve(sessionId, { expand: ['subscription.default_payment_method'] }),
    );
    const subscription = typeof session.subscription === 'object' ? session.subscription : null;
    const periodEnd = subscription?.items?.data[0]?.current_period_end;
    const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    const invoice = typeof session.invoice === 'string' ? session.invoice : session.invoice?.id;
    return {
      status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
      paid: session.status === 'complete' && session.payment_status !== 'unpaid',
      paymentRef: paymentIntent ?? invoice ?? session.id,
      amountCents: session.amount_total ?? 0,
      providerSubscriptionId: subscription?.id ?? (typeof session.subscription === 'string' ? session.subscription : null),
      providerCustomerId: typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null),
      periodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
      card: cardOf(subscription?.default_payment_method),
    };
  }

  /**
   * A setup-mode Checkout Session in the embedded form: the customer enters a card, nothing is
   * charged. Without a customer from an earlier checkout, Stripe makes one for the card.
   */
  async createCardSetup(request: CardSetupRequest): Promise<{ clientSecret: string }> {
    const customer =
      request.customerId ??
      (await call(() => this.stripe.customers.create({ email: request.customerEmail, metadata: { userId: request.userId } }))).id;
    const session = await call(() =>
      this.stripe.checkout.sessions.create({
        ui_mode: 'embedded_page' as Stripe.Checkout.SessionCreateParams.UiMode,
        mode: 'setup',
        currency: 'usd',
        customer,
        metadata: { userId: request.userId },
        return_url: request.returnUrl,
        locale: request.language,
      }),
    );
    if (!session.client_secret) throw new ProviderUnavailableError('Stripe returned no client secret');
    return { clientSecret: session.client_secret };
  }

  /** A setup session's state, and once complete the card its SetupIntent saved and for whom; null for no such session. */
  async cardSetupState(sessionId: string): Promise<CardSetupState | null> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.retrieve(sessionId, { expand: ['setup_intent.payment_method'] });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw new ProviderUnavailableError(error instanceof Error ? error.message : String(error));
    }
    const setupIntent = typeof session.setup_intent === 'object' ? session.setup_intent : null;
    return {
      status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
      isSetup: session.mode === 'setup',
      userId: session.metadata?.userId ?? null,
      customerId: idOf(session.customer) ?? idOf(setupIntent?.customer),
      card: setupIntent?.status === 'succeeded' ? cardOf(setupIntent.payment_method) : null,
    };
  }

  /**
   * Renewals charge this card from now on: the customer's default for invoices, and the
   * default of each of the customer's subscriptions (Checkout set the card that paid there,
   * which would win over the customer's).
   */
  async makeDefaultCard(customerId: string, paymentMethodId: string): Promise<void> {
    await call(() => this.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } }));
    const live = await call(() => this.stripe.subscriptions.list({ customer: customerId, limit: 100 }).autoPagingToArray({ limit: 1000 }));
    for (const subscription of live)
      await call(() => this.stripe.subscriptions.update(subscription.id, { default_payment_method: paymentMethodId }));
  }

  async expireCheckout(sessionId: string): Promise<boolean> {
    try {
      await this.stripe.checkout.sessions.expire(sessionId);
      return true;
    } catch {
      // Already complete or expired, or Stripe unreachable: a payment still arriving for it is
      // caught by fulfilment's version check.
      return false;
    }
  }

  async refundCheckout(sessionId: string): Promise<string> {
    const session = await call(() => this.stripe.checkout.sessions.retrieve(sessionId, { expand: ['invoice.payments'] }));
    const subscription = idOf(session.subscription);
    // Left alone, the second subscription would renew and charge again.
    if (subscription) await call(() => this.stripe.subscriptions.cancel(subscription));
    const paymentIntent = paymentIntentOfSession(session);
    if (!paymentIntent) throw new ProviderUnavailableError(`Stripe names no payment of checkout ${sessionId} to refund`);
    const refund = await call(() =>
      this.stripe.refunds.create({ payment_intent: paymentIntent, reason: 'duplicate' }, { idempotencyKey: `refund-${sessionId}` }),
    );
    return refund.id;
  }

  async cancelAtPeriodEnd(providerSubscriptionId: string): Promise<void> {
    await call(() => this.stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true }));
  }

  /** Stripe refuses it once the subscription has ended (canceled): it cannot renew again. */
  async undoCancelAtPeriodEnd(providerSubscriptionId: string): Promise<void> {
    await call(() => this.stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: false }));
  }

  /** Stripe voids the invoices it would make meanwhile: nothing is owed for a paused period. */
  async pauseRenewals(providerSubscriptionId: string): Promise<void> {
    await call(() => this.stripe.subscriptions.update(providerSubscriptionId, { pause_collection: { behavior: 'void' } }));
  }

  async resumeRenewals(providerSubscriptionId: string): Promise<void> {
    await call(() => this.stripe.subscriptions.update(providerSubscriptionId, { pause_collection: '' }));
  }

  async cancelNow(providerSubscriptionId: string): Promise<void> {
    await call(() => this.stripe.subscriptions.cancel(providerSubscriptionId));
  }

  /**
   * The payment intent behind a payment row's reference: a one-time checkout keeps the intent
   * itself; a subscription's first charge and its renewals keep Stripe's invoice, whose
   * payment it is (invoice.payments since the 2025 API); an old row may keep the session.
   */
  private async paymentIntentOf(paymentRef: string): Promise<string> {
    let paymentIntent: string | null = null;
    if (paymentRef.startsWith('pi_')) paymentIntent = paymentRef;
    else if (paymentRef.startsWith('in_')) {
      const invoice = await call(() => this.stripe.invoices.retrieve(paymentRef, { expand: ['payments'] }));
      paymentIntent = idOf(invoice.payments?.data[0]?.payment.payment_intent);
    } else if (paymentRef.startsWith('cs_')) {
      paymentIntent = paymentIntentOfSession(
        await call(() => this.stripe.checkout.sessions.retrieve(paymentRef, { expand: ['invoice.payments'] })),
      );
    }
    if (!paymentIntent) throw new ProviderUnavailableError(`Stripe names no payment intent for ${paymentRef}`);
    return paymentIntent;
  }

  async refundPayment(paymentRef: string, amountCents: number, idempotencyKey: string): Promise<string> {
    const paymentIntent = await this.paymentIntentOf(paymentRef);
    const refund = await call(() => this.stripe.refunds.create({ payment_intent: paymentIntent, amount: amountCents }, { idempotencyKey }));
    return refund.id;
  }

  /** The open invoice of a subscription whose renewal charge failed (Stripe keeps it open to retry), or null. */
  async openRenewalInvoice(providerSubscriptionId: string): Promise<OpenRenewalInvoice | null> {
    const open = await call(() => this.stripe.invoices.list({ subscription: providerSubscriptionId, status: 'open', limit: 1 }));
    const invoice = open.data[0];
    if (!invoice?.id) return null;
    return {
      id: invoice.id,
      number: invoice.number ?? invoice.id,
      amountDue: invoice.amount_due,
      hostedUrl: invoice.hosted_invoice_url ?? null,
    };
  }

  /** Charges an open invoice again with the customer's card on file; a declined card leaves it open (paid: false). */
  async payInvoice(invoiceId: string): Promise<{ paid: boolean; periodEnd: Date | null }> {
    try {
      const invoice = await this.stripe.invoices.pay(invoiceId);
      const periodEnd = invoice.lines?.data[0]?.period?.end;
      return { paid: invoice.status === 'paid', periodEnd: periodEnd ? new Date(periodEnd * 1000) : null };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) return { paid: false, periodEnd: null };
      throw new ProviderUnavailableError(error instanceof Error ? error.message : String(error));
    }
  }

  /** Every refund of a charge (the event's copy may leave them out or cut the list short). */
  async refundsOfCharge(chargeId: string): Promise<Stripe.Refund[]> {
    return call(() => this.stripe.refunds.list({ charge: chargeId, limit: 100 }).autoPagingToArray({ limit: 1000 }));
  }

  /** The Stripe invoices a payment intent paid (a subscription's charges are paid through one). */
  async invoicesPaidBy(paymentIntent: string): Promise<string[]> {
    const paid = await call(() =>
      this.stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paymentIntent }, limit: 10 }),
    );
    return paid.data.flatMap((payment) => (payment.invoice ? [idOf(payment.invoice)!] : []));
  }

  /**
   * Swaps the subscription's item for the new plan and seats. Charged now: Stripe prorates
   * as of the preview's moment and invoices at once (the tax as an invoice item); a declined
   * card leaves the subscription as it was (error_if_incomplete). Else no proration: the next
   * renewal bills the new plan; another interval would restart the period at once, so a trial
   * until the paid period's end keeps the renewal date.
   */
  async changeSubscription(providerSubscriptionId: string, change: PlanChange): Promise<string | null> {
    const subscription = await call(() => this.stripe.subscriptions.retrieve(providerSubscriptionId));
    const items = subscription.items.data;
    const item = items.length === 1 ? items[0] : items.find((entry) => entry.price.unit_amount === change.currentUnitPriceCents);
    if (!item) throw new ProviderUnavailableError(`Stripe subscription ${providerSubscriptionId} has no item of this plan`);
    const update = (params: Stripe.SubscriptionUpdateParams, idempotencyKey: string) =>
      this.stripe.subscriptions.update(providerSubscriptionId, params, { idempotencyKey });
    const price = await this.itemPriceOf(change.offer);
    const newItems = [{ id: item.id, quantity: change.quantity, ...price }];
    if (!change.chargeNow) {
      const otherInterval = monthsOf(item.price.recurring) !== change.offer.renewalMonths;
      const params = { items: newItems, proration_behavior: 'none' as const };
      await call(() => update(otherInterval ? { ...params, trial_end: stripeSeconds(change.periodEnd) } : params, change.idempotencyKey));
      return null;
    }
    // The item holds a change scheduled for the renewal: back to what the period paid for
    // first, unprorated, so that Stripe credits what was paid.
    const { paidPlan } = change;
    if (paidPlan) {
      const paidItems = [{ id: item.id, quantity: paidPlan.quantity, ...(await this.itemPriceOf(paidPlan.offer)) }];
      await call(() => update({ items: paidItems, proration_behavior: 'none' }, `${change.idempotencyKey}-paid-plan`));
    }
    const taxProduct = 'price_data' in price ? price.price_data.product : idOf(item.price.product)!;
    try {
      const updated = await update(
        {
          items: newItems,
          proration_behavior: 'always_invoice',
          proration_date: stripeSeconds(change.prorationDate),
          payment_behavior: 'error_if_incomplete',
          ...(change.taxCents > 0
            ? {
                add_invoice_items: [
                  {
                    price_data: { currency: 'usd', product: taxProduct, unit_amount: change.taxCents },
                    metadata: { description: change.taxDescription },
                  },
                ],
              }
            : {}),
        },
        change.idempotencyKey,
      );
      return idOf(updated.latest_invoice);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeCardError))
        throw new ProviderUnavailableError(error instanceof Error ? error.message : String(error));
      // Declined: the scheduled change stays, as it was before.
      if (paidPlan)
        await call(() =>
          update(
            { items: [{ id: item.id, price: item.price.id, quantity: item.quantity }], proration_behavior: 'none' },
            `${change.idempotencyKey}-scheduled-again`,
          ),
        );
      throw new ApiError(402, { key: 'cardDeclined' });
    }
  }

  /** A plan's item price: its Stripe price, or one made inline under the offer's product. */
  private async itemPriceOf(
    offer: PlanChange['offer'],
  ): Promise<{ price: string } | { price_data: Stripe.SubscriptionUpdateParams.Item.PriceData }> {
    if (offer.providerPriceId) return { price: offer.providerPriceId };
    const product = await this.productOf(offer);
    return {
      price_data: { currency: 'usd', product, unit_amount: offer.priceCents, recurring: recurringOf(offer.renewalMonths ?? 1) },
    };
  }

  /** The offer's Stripe product, made once. */
  private async productOf(offer: Pick<OfferPriceRequest, 'key' | 'name'>): Promise<string> {
    const product = await call(() =>
      this.stripe.products.create(
        { name: offer.name, metadata: { offerKey: offer.key } },
        { idempotencyKey: `offer-product-${offer.key}` },
      ),
    );
    return product.id;
  }

  /** A new Price of the offer's product; the product is made once, with the offer's first price. */
  async offerPrice(offer: OfferPriceRequest): Promise<string> {
    const previous = offer.previousPriceId;
    const product = previous ? idOf((await call(() => this.stripe.prices.retrieve(previous))).product)! : await this.productOf(offer);
    const price = await call(() =>
      this.stripe.prices.create({
        product,
        currency: 'usd',
        unit_amount: offer.priceCents,
        metadata: { offerKey: offer.key },
        ...(offer.renewalMonths ? { recurring: recurringOf(offer.renewalMonths) } : {}),
      }),
    );
    return price.id;
  }
}

export interface CardSetupRequest {
  /** The Stripe customer of the account's earlier checkouts, whose subscriptions the card is for. */
  customerId: string | null;
  customerEmail: string;
  userId: string;
  language: ApiLanguage;
  /** Contains {CHECKOUT_SESSION_ID}. */
  returnUrl: string;
}

interface OpenRenewalInvoice {
  id: string;
  /** Stripe's own invoice number, as its page and mails show it. */
  number: string;
  amountDue: number;
  /** Stripe's page where the customer pays it. */
  hostedUrl: string | null;
}

export interface CardSetupState {
  status: 'open' | 'complete' | 'expired';
  /** A session in setup mode (a card update), not a purchase. */
  isSetup: boolean;
  /** The account that started it (the session's metadata). */
  userId: string | null;
  customerId: string | null;
  card: PaymentCard | null;
}

/** Brand, last four and expiry of an expanded PaymentMethod that is a card. */
function cardOf(paymentMethod: string | Stripe.PaymentMethod | null | undefined): PaymentCard | null {
  if (typeof paymentMethod !== 'object' || !paymentMethod?.card) return null;
  const { card } = paymentMethod;
  return {
    providerRef: paymentMethod.id,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.exp_month,
    expYear: card.exp_year,
    testCardOutcome: null,
  };
}

/** A checkout's payment intent: its own for a one-time payment, its invoice's for a subscription. */
function paymentIntentOfSession(session: Stripe.Checkout.Session): string | null {
  const invoice = typeof session.invoice === 'object' ? session.invoice : null;
  return idOf(session.payment_intent) ?? idOf(invoice?.payments?.data[0]?.payment.payment_intent);
}
