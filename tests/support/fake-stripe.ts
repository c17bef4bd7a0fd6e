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

export async function startFakeStripe() {
  const sessions = new Map<string, FakeSession>();
  const subscriptions = new Map<string, Json>();
  /** A subscription checkout's first invoice, paid by a payment intent (invoice.payments). */
  const invoices = new Map<string, Json>();
  const refunds: Json[] = [];
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
        const amount = lines.reduce((total, line) => total + Number((line.price_data as Json).unit_amount) * Number(line.quantity), 0);
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
        if (params.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
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
          reason: params.reason,
        };
        refunds.push(refund);
        if (typeof key === 'string') idempotent.set(key, refund.id as string);
        return reply(200, refund);
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
