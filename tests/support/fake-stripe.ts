import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A small stateful stand-in for Stripe's API on loopback: enough of checkout sessions and
 * subscriptions for the SDK to be pointed at it (host/port/protocol), never the network.
 */
type Json = Record<string, unknown>;

interface FakeSession extends Json {
  id: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  mode: string;
  amount_total: number;
  subscription: string | null;
}

/** Stripe's form encoding (a[b][0][c]=x) into nested objects. */
function parseForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Json = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  return root;
}

/** A PaymentMethod's card, as Stripe documents it (never the number). */
interface FakeCard {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

const list = (value: unknown): Json[] => Object.values((value ?? {}) as Record<string, Json>);
let counter = 0;
const newId = (prefix: string) => `${prefix}_test_${Date.now().toString(36)}${(counter++).toString(36)}`;
/** The charge of a payment intent: one each, named after it. */
const chargeOf = (paymentIntent: string) => paymentIntent.replace(/^pi_/, 'ch_');

export async function startFakeStripe() {
  const sessions = new Map<string, FakeSession>();
  const subscriptions = new Map<string, Json>();
  /** A subscription checkout's first invoice, paid by a payment intent (invoice.payments). */
  const invoices = new Map<string, Json>();
  const refunds: Json[] = [];
  /** Cards entered in the embedded form (PaymentMethod), the SetupIntents that saved them, and customers. */
  const paymentMethods = new Map<string, Json>();
  const setupIntents = new Map<string, Json>();
  const customers = new Map<string, Json>();
  /** Products and Prices made for the store's offers. */
  const products = new Map<string, Json>();
  const prices = new Map<string, Json>();
  const idempotent = new Map<string, string>();
  /** The line items of each checkout session: a subscription's items come from them. */
  const sessionLines = new Map<string, Json[]>();
  /** Set by declineNextCharge: the next charge of a card on file fails. */
  let declineCharge = false;
  /** A Price object of a line or an item: a Price made earlier, or priced inline (price_data). */
  const priceOf = (line: Json): Json => {
    if (line.price) return prices.get(String(line.price))!;
    const data = line.price_data as Json;
    const recurring = data.recurring as Json | undefined;
    const price = {
      id: newId('price'),
      object: 'price',
      product: data.product ?? newId('prod'),
      currency: data.currency,
      unit_amount: Number(data.unit_amount),
      recurring: recurring ? { interval: recurring.interval, interval_count: Number(recurring.interval_count ?? 1) } : null,
    };
    prices.set(price.id, price);
    return price;
  };
  const months = (price: Json) => {
    const recurring = price.recurring as Json | null;
    return recurring ? Number(recurring.interval_count) * (recurring.interval === 'year' ? 12 : 1) : 0;
  };
  /**
   * A subscription update (items, proration_behavior, proration_date, payment_behavior,
   * add_invoice_items, trial_end), as Stripe's proration docs describe it: credit for the
   * unused time of the old price, charge for the remaining time of the new one, each rounded;
   * a new interval restarts the period now with the full new price. always_invoice invoices
   * and charges at once; with error_if_incomplete a declined charge changes nothing (402).
   */
  const updateItems = (subscription: Json, params: Json): { status: number; error?: Json } => {
    const items = (subscription.items as Json).data as Json[];
    const changes = list(params.items).map((change) => ({ change, item: items.find((item) => item.id === change.id) }));
    if (changes.some(({ item }) => !item)) return { status: 400, error: { type: 'invalid_request_error', message: 'No such item' } };
    const now = params.proration_date ? Number(params.proration_date) : Math.floor(Date.now() / 1000);
    const prorate = params.proration_behavior === 'always_invoice';
    const lines: Json[] = [];
    const updates = changes.map(({ change, item }) => {
      const old = item!;
      const price = change.price || change.price_data ? priceOf(change) : (old.price as Json);
      const quantity = change.quantity === undefined ? Number(old.quantity) : Number(change.quantity);
      const start = Number(old.current_period_start);
      const end = Number(old.current_period_end);
      const sameInterval = months(price) === months(old.price as Json);
      const share = (amount: number) => Math.round((amount * (end - now)) / (end - start));
      if (prorate) {
        lines.push({ amount: -share(Number((old.price as Json).unit_amount) * Number(old.quantity)), proration: true });
        const full = Number(price.unit_amount) * quantity;
        lines.push({ amount: sameInterval ? share(full) : full, proration: true });
      }
      const period = sameInterval ? { start, end } : { start: now, end: now + months(price) * 30 * 86400 };
      return { old, price, quantity, period };
    });
    if (prorate) for (const extra of list(params.add_invoice_items)) lines.push({ amount: Number((extra.price_data as Json).unit_amount) });
    const amount = lines.reduce((total, line) => total + Number(line.amount), 0);
    if (prorate && amount > 0 && declineCharge) {
      declineCharge = false;
      if (params.payment_behavior === 'error_if_incomplete')
        return { status: 402, error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } };
    }
    for (const { old, price, quantity, period } of updates) {
      Object.assign(old, { price, quantity });
      if (prorate) Object.assign(old, { current_period_start: period.start, current_period_end: period.end });
    }
    if (params.trial_end !== undefined) Object.assign(subscription, { status: 'trialing', trial_end: Number(params.trial_end) });
    if (prorate) {
      const invoice = {
        id: newId('in'),
        object: 'invoice',
        billing_reason: 'subscription_update',
        subscription: subscription.id,
        status: 'paid',
        amount_due: amount,
        amount_paid: amount,
        lines: { object: 'list', data: lines },
        payments: { object: 'list', data: [{ payment: { type: 'payment_intent', payment_intent: newId('pi') } }] },
      };
      invoices.set(invoice.id, invoice);
      subscription.latest_invoice = invoice.id;
    }
    return { status: 200 };
  };
  const created: Json[] = [];
  /** Every call as "METHOD /path", in order. */
  const requests: string[] = [];
  let failures = 0;
  let passesBeforeFailures = 0;
  let delayMs = 0;

  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      requests.push(`${request.method} ${new URL(request.url ?? '/', 'http://fake').pathname}`);
      const reply = (status: number, payload: unknown) => {
        setTimeout(() => {
          response.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': newId('req') });
          response.end(JSON.stringify(payload));
        }, delayMs);
      };
      if (failures > 0 && passesBeforeFailures > 0) passesBeforeFailures--;
      else if (failures > 0) {
        failures--;
        return reply(500, { error: { type: 'api_error', message: 'Fake Stripe is failing on purpose' } });
      }
      const url = new URL(request.url ?? '/', 'http://fake');
      const params = parseForm(body);
      const key = request.headers['idempotency-key'];
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        if (typeof key === 'string' && idempotent.has(key)) return reply(200, sessions.get(idempotent.get(key)!));
        const lines = list(params.line_items);
        // A line names a Price made earlier, or prices itself inline.
        const unitAmount = (line: Json) =>
          Number(line.price ? prices.get(String(line.price))?.unit_amount : (line.price_data as Json).unit_amount);
        const amount = lines.reduce((total, line) => total + unitAmount(line) * Number(line.quantity), 0);
        const id = newId('cs');
        const session: FakeSession = {
          id,
          object: 'checkout.session',
          client_secret: `${id}_secret_${newId('x')}`,
          status: 'open',
          payment_status: 'unpaid',
          mode: String(params.mode),
          ui_mode: params.ui_mode,
          amount_total: amount,
          customer: params.customer ?? null,
          customer_email: params.customer_email,
          client_reference_id: params.client_reference_id,
          metadata: params.metadata ?? {},
          return_url: params.return_url,
          payment_intent: null,
          invoice: null,
          subscription: null,
          setup_intent: null,
        };
        sessions.set(id, session);
        sessionLines.set(id, lines);
        created.push({ ...params, id });
        if (typeof key === 'string') idempotent.set(key, id);
        return reply(200, session);
      }
      const sessionMatch = url.pathname.match(/^\/v1\/checkout\/sessions\/([\w-]+)$/);
      if (request.method === 'GET' && sessionMatch) {
        const session = sessions.get(sessionMatch[1]);
        if (!session) return reply(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
        const expand = [...url.searchParams].filter(([name]) => name.startsWith('expand')).map(([, path]) => path);
        const invoice =
          typeof session.invoice === 'string' && expand.includes('invoice.payments') ? invoices.get(session.invoice) : session.invoice;
        /** An id, or with `path` (or a longer path through it) expanded, its object; `inner` expands a field of it. */
        const expanded = (id: unknown, path: string, from: Map<string, Json>, inner?: [string, Map<string, Json>]) => {
          const object =
            typeof id === 'string' && expand.some((asked) => asked === path || asked.startsWith(`${path}.`)) ? from.get(id) : null;
          if (!object) return id;
          if (!inner || !expand.includes(`${path}.${inner[0]}`)) return object;
          return { ...object, [inner[0]]: inner[1].get(String(object[inner[0]])) ?? object[inner[0]] };
        };
        return reply(200, {
          ...session,
          invoice,
          subscription: expanded(session.subscription, 'subscription', subscriptions, ['default_payment_method', paymentMethods]),
          setup_intent: expanded(session.setup_intent, 'setup_intent', setupIntents, ['payment_method', paymentMethods]),
        });
      }
      const expireMatch = url.pathname.match(/^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/);
      if (request.method === 'POST' && expireMatch) {
        const session = sessions.get(expireMatch[1]);
        if (!session) return reply(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
        if (session.status !== 'open')
          return reply(400, {
            error: { type: 'invalid_request_error', message: `Only open sessions can be expired; this one is ${session.status}` },
          });
        session.status = 'expired';
        return reply(200, session);
      }
      const subscriptionMatch = url.pathname.match(/^\/v1\/subscriptions\/([\w-]+)$/);
      if (request.method === 'GET' && subscriptionMatch) {
        const subscription = subscriptions.get(subscriptionMatch[1]);
        if (!subscription) return reply(404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
        return reply(200, subscription);
      }
      if (request.method === 'POST' && subscriptionMatch) {
        const subscription = subscriptions.get(subscriptionMatch[1]);
        if (!subscription) return reply(404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
        // As Stripe: an ended subscription cannot be made to renew (or pause) again.
        if (subscription.status === 'canceled')
          return reply(400, {
            error: {
              type: 'invalid_request_error',
              message: 'A canceled subscription can only update its cancellation_details and metadata.',
            },
          });
        if (params.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
        // Stripe's form encoding: pause_collection[behavior]=void pauses, an empty pause_collection lifts it.
        if (params.pause_collection !== undefined) subscription.pause_collection = params.pause_collection || null;
        if (params.default_payment_method !== undefined) {
          // As Stripe: only a card attached to the subscription's customer.
          if (paymentMethods.get(String(params.default_payment_method))?.customer !== subscription.customer)
            return reply(400, {
              error: { type: 'invalid_request_error', message: 'The customer does not have a payment method with this ID.' },
            });
          subscription.default_payment_method = params.default_payment_method;
        }
        if (params.items !== undefined) {
          if (typeof key === 'string' && idempotent.has(key)) return reply(200, subscription);
          const updated = updateItems(subscription, params);
          if (updated.error) return reply(updated.status, { error: updated.error });
          if (typeof key === 'string') idempotent.set(key, String(subscription.id));
        }
        return reply(200, subscription);
      }
      if (request.method === 'DELETE' && subscriptionMatch) {
        const subscription = subscriptions.get(subscriptionMatch[1]);
        if (!subscription) return reply(404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
        subscription.status = 'canceled';
        return reply(200, subscription);
      }
      if (request.method === 'GET' && url.pathname === '/v1/subscriptions') {
        // As Stripe without a status filter: every subscription of the customer that has not ended.
        const customer = url.searchParams.get('customer');
        const data = [...subscriptions.values()].filter(
          (subscription) => subscription.status !== 'canceled' && (!customer || subscription.customer === customer),
        );
        return reply(200, { object: 'list', data, has_more: false, url: '/v1/subscriptions' });
      }
      if (request.method === 'POST' && url.pathname === '/v1/customers') {
        const customer = { id: newId('cus'), object: 'customer', email: params.email ?? null, metadata: params.metadata ?? {} };
        customers.set(customer.id, customer);
        return reply(200, customer);
      }
      const customerMatch = url.pathname.match(/^\/v1\/customers\/([\w-]+)$/);
      if (request.method === 'POST' && customerMatch) {
        const customer = customers.get(customerMatch[1]);
        if (!customer) return reply(404, { error: { type: 'invalid_request_error', message: 'No such customer' } });
        const settings = params.invoice_settings as Json | undefined;
        if (settings?.default_payment_method !== undefined) {
          if (paymentMethods.get(String(settings.default_payment_method))?.customer !== customer.id)
            return reply(400, {
              error: { type: 'invalid_request_error', message: 'The customer does not have a payment method with this ID.' },
            });
          customer.invoice_settings = { default_payment_method: settings.default_payment_method };
        }
        return reply(200, customer);
      }
      if (request.method === 'POST' && url.pathname === '/v1/refunds') {
        if (typeof key === 'string' && idempotent.has(key))
          return reply(
            200,
            refunds.find((refund) => refund.id === idempotent.get(key)),
          );
        const refund = {
          id: newId('re'),
          object: 'refund',
          status: 'succeeded',
          payment_intent: params.payment_intent,
          charge: chargeOf(String(params.payment_intent)),
          // Without an amount, the whole payment (the fake does not know it: null).
          amount: params.amount === undefined ? null : Number(params.amount),
          created: Math.floor(Date.now() / 1000),
          reason: params.reason,
        };
        refunds.push(refund);
        if (typeof key === 'string') idempotent.set(key, refund.id as string);
        return reply(200, refund);
      }
      if (request.method === 'GET' && url.pathname === '/v1/refunds') {
        const charge = url.searchParams.get('charge');
        return reply(200, { object: 'list', data: refunds.filter((refund) => !charge || refund.charge === charge), has_more: false });
      }
      const invoiceMatch = url.pathname.match(/^\/v1\/invoices\/([\w-]+)$/);
      if (request.method === 'GET' && invoiceMatch) {
        const invoice = invoices.get(invoiceMatch[1]);
        if (!invoice) return reply(404, { error: { type: 'invalid_request_error', message: 'No such invoice' } });
        return reply(200, invoice);
      }
      if (request.method === 'GET' && url.pathname === '/v1/invoices') {
        const subscription = url.searchParams.get('subscription');
        const status = url.searchParams.get('status');
        const data = [...invoices.values()].filter(
          (invoice) => (!subscription || invoice.subscription === subscription) && (!status || invoice.status === status),
        );
        return reply(200, { object: 'list', data, has_more: false, url: '/v1/invoices' });
      }
      const payMatch = url.pathname.match(/^\/v1\/invoices\/([\w-]+)\/pay$/);
      if (request.method === 'POST' && payMatch) {
        const invoice = invoices.get(payMatch[1]);
        if (!invoice) return reply(404, { error: { type: 'invalid_request_error', message: 'No such invoice' } });
        if (invoice.status !== 'open')
          return reply(400, { error: { type: 'invalid_request_error', message: `Invoice is already ${String(invoice.status)}.` } });
        if (declineCharge) {
          declineCharge = false;
          return reply(402, { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } });
        }
        Object.assign(invoice, {
          status: 'paid',
          amount_paid: invoice.amount_due,
          payments: { object: 'list', data: [{ payment: { type: 'payment_intent', payment_intent: newId('pi') } }] },
        });
        return reply(200, invoice);
      }
      if (request.method === 'GET' && url.pathname === '/v1/invoice_payments') {
        const paymentIntent = url.searchParams.get('payment[payment_intent]');
        const data = [...invoices.values()].flatMap((invoice) =>
          list((invoice.payments as Json).data)
            .filter((entry) => (entry.payment as Json).payment_intent === paymentIntent)
            .map((entry) => ({ id: newId('inpay'), object: 'invoice_payment', invoice: invoice.id, payment: entry.payment })),
        );
        return reply(200, { object: 'list', data, has_more: false });
      }
      if (request.method === 'POST' && url.pathname === '/v1/products') {
        if (typeof key === 'string' && idempotent.has(key)) return reply(200, products.get(idempotent.get(key)!));
        const product = { id: newId('prod'), object: 'product', name: params.name, metadata: params.metadata ?? {} };
        products.set(product.id, product);
        if (typeof key === 'string') idempotent.set(key, product.id);
        return reply(200, product);
      }
      if (request.method === 'POST' && url.pathname === '/v1/prices') {
        if (!products.has(String(params.product)))
          return reply(400, { error: { type: 'invalid_request_error', message: 'No such product' } });
        const recurring = params.recurring as Json | undefined;
        const price = {
          id: newId('price'),
          object: 'price',
          product: params.product,
          currency: params.currency,
          unit_amount: Number(params.unit_amount),
          recurring: recurring ? { interval: recurring.interval, interval_count: Number(recurring.interval_count ?? 1) } : null,
          metadata: params.metadata ?? {},
        };
        prices.set(price.id, price);
        return reply(200, price);
      }
      const priceMatch = url.pathname.match(/^\/v1\/prices\/([\w-]+)$/);
      if (request.method === 'GET' && priceMatch) {
        const price = prices.get(priceMatch[1]);
        if (!price) return reply(404, { error: { type: 'invalid_request_error', message: 'No such price' } });
        return reply(200, price);
      }
      reply(404, { error: { type: 'invalid_request_error', message: `Fake Stripe has no ${request.method} ${url.pathname}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const signer = new Stripe('sk_test_fake');

  return {
    apiBase: `http://127.0.0.1:${port}`,
    created,
    requests,
    sessions,
    subscriptions,
    customers,
    paymentMethods,
    invoices,
    refunds,
    products,
    prices,
    /**
     * A refund made in Stripe's dashboard; answers the charge as the charge.refunded event
     * carries it (without its refunds: the API version leaves them out).
     */
    dashboardRefund(paymentIntent: string, amount: number) {
      refunds.push({
        id: newId('re'),
        object: 'refund',
        status: 'succeeded',
        payment_intent: paymentIntent,
        charge: chargeOf(paymentIntent),
        amount,
        created: Math.floor(Date.now() / 1000),
      });
      const given = refunds.filter((refund) => refund.charge === chargeOf(paymentIntent));
      return {
        id: chargeOf(paymentIntent),
        object: 'charge',
        payment_intent: paymentIntent,
        refunded: false,
        amount_refunded: given.reduce((total, refund) => total + Number(refund.amount ?? 0), 0),
      };
    },
    /**
     * The buyer pays in the embedded form, or saves a card there (setup mode) and pays nothing.
     * The card becomes a PaymentMethod attached to the session's customer.
     */
    complete(sessionId: string, periodEnd = Math.floor(Date.now() / 1000) + 31 * 86400, card: Partial<FakeCard> = {}) {
      const session = sessions.get(sessionId)!;
      session.status = 'complete';
      session.payment_status = session.mode === 'setup' ? 'no_payment_required' : 'paid';
      session.customer ??= newId('cus');
      if (!customers.has(String(session.customer))) customers.set(String(session.customer), { id: session.customer, object: 'customer' });
      const paymentMethod = {
        id: newId('pm'),
        object: 'payment_method',
        type: 'card',
        customer: session.customer,
        card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, ...card },
      };
      paymentMethods.set(paymentMethod.id, paymentMethod);
      if (session.mode === 'setup') {
        const setupIntent = {
          id: newId('seti'),
          object: 'setup_intent',
          status: 'succeeded',
          usage: 'off_session',
          customer: session.customer,
          payment_method: paymentMethod.id,
        };
        setupIntents.set(setupIntent.id, setupIntent);
        session.setup_intent = setupIntent.id;
        return session;
      }
      if (session.mode === 'subscription') {
        const id = newId('sub');
        const now = Math.floor(Date.now() / 1000);
        const recurringLines = (sessionLines.get(sessionId) ?? [])
          .map((line) => ({ line, price: priceOf(line) }))
          .filter(({ price }) => price.recurring);
        subscriptions.set(id, {
          id,
          object: 'subscription',
          status: 'active',
          cancel_at_period_end: false,
          latest_invoice: null,
          items: {
            object: 'list',
            data: recurringLines.map(({ line, price }) => ({
              id: newId('si'),
              object: 'subscription_item',
              price,
              quantity: Number(line.quantity),
              current_period_start: now,
              current_period_end: periodEnd,
            })),
          },
        });
        // Checkout makes the card that paid the subscription's default.
        Object.assign(subscriptions.get(id)!, { customer: session.customer, default_payment_method: paymentMethod.id });
        session.subscription = id;
        session.invoice = newId('in');
        invoices.set(session.invoice as string, {
          id: session.invoice,
          object: 'invoice',
          payments: { object: 'list', data: [{ payment: { type: 'payment_intent', payment_intent: newId('pi') } }] },
        });
      } else session.payment_intent = newId('pi');
      return session;
    },
    /**
     * A renewal charge of the subscription that failed: its invoice stays open for Stripe to
     * retry, as the invoice.payment_failed event carries it.
     */
    failRenewal(subscriptionId: string, amountDue: number, periodEnd = Math.floor(Date.now() / 1000) + 31 * 86400) {
      const invoice = {
        id: newId('in'),
        object: 'invoice',
        number: `FAKE-${(counter++).toString().padStart(4, '0')}`,
        billing_reason: 'subscription_cycle',
        status: 'open',
        subscription: subscriptionId,
        parent: { subscription_details: { subscription: subscriptionId } },
        amount_due: amountDue,
        amount_paid: 0,
        hosted_invoice_url: `https://invoice.stripe.com/i/${newId('page')}`,
        lines: { object: 'list', data: [{ period: { end: periodEnd } }] },
        payments: { object: 'list', data: [] },
      };
      invoices.set(invoice.id, invoice);
      return invoice;
    },
    /** The next charge of the customer's card on file (a subscription update or an invoice paid again) is declined. */
    declineNextCharge() {
      declineCharge = true;
    },
    /** The next n calls, after the next `after` ones, answer 500. */
    failNext(n: number, after = 0) {
      failures = n;
      passesBeforeFailures = after;
    },
    slowDown(ms: number) {
      delayMs = ms;
    },
    /** A signed webhook delivery: body and header as Stripe would send them. */
    signedEvent(type: string, object: Json, secret: string, id = newId('evt')) {
      const payload = JSON.stringify({
        id,
        object: 'event',
        type,
        api_version: '2026-01-28',
        created: Math.floor(Date.now() / 1000),
        data: { object },
      });
      return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }), id };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
