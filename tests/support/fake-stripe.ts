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
  payment_status: 'unpaid' | 'paid';
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
  /** Products and Prices made for the store's offers. */
  const products = new Map<string, Json>();
  const prices = new Map<string, Json>();
  const idempotent = new Map<string, string>();
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
          customer: null,
          customer_email: params.customer_email,
          client_reference_id: params.client_reference_id,
          metadata: params.metadata ?? {},
          return_url: params.return_url,
          payment_intent: null,
          invoice: null,
          subscription: null,
        };
        sessions.set(id, session);
        created.push({ ...params, id });
        if (typeof key === 'string') idempotent.set(key, id);
        return reply(200, session);
      }
      const sessionMatch = url.pathname.match(/^\/v1\/checkout\/sessions\/([\w-]+)$/);
      if (request.method === 'GET' && sessionMatch) {
        const session = sessions.get(sessionMatch[1]);
        if (!session) return reply(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
        const expand = url.searchParams.getAll('expand[]').concat(url.searchParams.getAll('expand[0]'));
        const invoice =
          typeof session.invoice === 'string' && expand.includes('invoice.payments') ? invoices.get(session.invoice) : session.invoice;
        return reply(200, {
          ...session,
          invoice,
          subscription:
            expand.includes('subscription') && session.subscription ? subscriptions.get(session.subscription) : session.subscription,
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
        return reply(200, subscription);
      }
      if (request.method === 'DELETE' && subscriptionMatch) {
        const subscription = subscriptions.get(subscriptionMatch[1]);
        if (!subscription) return reply(404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
        subscription.status = 'canceled';
        return reply(200, subscription);
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
    /** The buyer pays in the embedded form. */
    complete(sessionId: string, periodEnd = Math.floor(Date.now() / 1000) + 31 * 86400) {
      const session = sessions.get(sessionId)!;
      session.status = 'complete';
      session.payment_status = 'paid';
      session.customer = newId('cus');
      if (session.mode === 'subscription') {
        const id = newId('sub');
        subscriptions.set(id, {
          id,
          object: 'subscription',
          status: 'active',
          cancel_at_period_end: false,
          items: { object: 'list', data: [{ id: newId('si'), current_period_end: periodEnd }] },
        });
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
