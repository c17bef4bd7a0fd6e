import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import os from 'node:os';
import path from 'node:path';
import { assembleBackend } from '@/server/backend';
import { loadBackendConfig } from '@/server/config';
import { openDatabase, type Database } from '@/server/db/database';
import { seedCatalog } from '@/server/db/seed';
import { deliverDueMail } from '@/server/email/outbox';
import { createMailer } from '@/server/email/mailer';
import { metricsAnswer } from '@/server/metrics';
import { strongPassword } from '../support/accounts';
import { texasBilling } from '../support/billing-contacts';
import { testCardPayment, testCards } from '../support/test-cards';
import { startMailSink } from './mail-sink';
import { createDatabase, dropDatabase } from './postgres-databases.mjs';
import { migratedDatabase } from '../support/pglite-templates';
import { APP_KEY, APP_KEY_HEADER, SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '@/lib/contract/http';
import { createAccount } from '@/server/services/accounts/accounts';
import type { PaymentReturnResponse } from '@/lib/contract/store';

/**
 * A backend on a fresh database per test file: PGlite in memory by default, or a new
 * PostgreSQL database when TEST_DATABASE_URL names a server (scripts/test.mjs starts one).
 */
/** A clock the tests move forward to reach expiry and grace periods. */
function testClock(start = new Date()) {
  let offset = 0;
  return {
    now: () => new Date(start.getTime() + offset),
    advance(ms: number) {
      offset += ms;
    },
  };
}

/** Connections in each test backend's pool on PostgreSQL. */
export const testPoolSize = 4;

/**
 * A new database on the PostgreSQL server that `adminUrl` reaches: empty, or with `migrated` a
 * copy of the one Jest's global setup migrated (so opening it migrates nothing); `drop` removes it.
 */
export async function createPostgresDatabase(
  adminUrl: string,
  { migrated = false }: { migrated?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const url = await createDatabase(adminUrl, name, { template: migrated ? process.env.TEST_POSTGRES_TEMPLATE : undefined });
  return { url, drop: () => dropDatabase(adminUrl, name) };
}

/** On PostgreSQL, `reach` gives the URL the backend connects through (e.g. a proxy in front of the new database). */
export async function startTestBackend(
  env: Readonly<Record<string, string | undefined>> = {},
  { reach }: { reach?: (url: string) => Promise<string> } = {},
) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let database: Database;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (adminUrl) {
    const created = await createPostgresDatabase(adminUrl, { migrated: true });
    databaseUrl = created.url;
    database = await openDatabase({ kind: 'postgres', url: reach ? await reach(databaseUrl) : databaseUrl, poolSize: testPoolSize });
    dropDatabase = created.drop;
  } else {
    database = await openDatabase({ kind: 'pglite', loadDataDir: migratedDatabase() });
  }
  await seedCatalog(database.db);
  const mail = await startMailSink();
  const clock = testClock();
  const config = loadBackendConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(os.tmpdir(), 'website-api-tests'),
    ...env,
    NODE_ENV: 'test',
    JOBS: 'off',
  });
  const backend = assembleBackend(database, config, { clock, mailer: createMailer({ smtpUrl: mail.url, mailDir: '', mail: config.mail }) });
  return {
    app: backend.app,
    deps: backend.deps,
    database,
    /** Set on PostgreSQL: another process could open the same database. */
    databaseUrl,
    config,
    clock,
    mail,
    /** Runs the mail sender once, as the background job would. */
    deliverMail: () => deliverDueMail(backend.deps),
    /** How many rows a table holds now. */
    rowCount: async (table: PgTable) => (await database.db.select({ rows: count() }).from(table))[0].rows,
    async close() {
      await backend.close();
      await mail.close();
      await dropDatabase();
    },
  };
}

export type TestBackend = Awaited<ReturnType<typeof startTestBackend>>;

/**
 * A metric's value as Prometheus would scrape it from this backend (the sum of the series whose
 * labels include these; 0 when none was counted). For a histogram, name its `_count` or `_sum`.
 */
export async function metricValue(backend: Pick<TestBackend, 'deps'>, name: string, labels: Record<string, string> = {}): Promise<number> {
  const response = await metricsAnswer(new Request('http://backend/metrics'), async () => backend.deps.metrics);
  let total = 0;
  for (const line of (await response!.text()).split('\n')) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const seriesLabels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]));
    if (Object.entries(labels).every(([key, value]) => seriesLabels[key] === value)) total += Number(match[3]);
  }
  return total;
}

/** What a TestClient calls: a backend in this process, or one over HTTP (`overHttp`). */
export interface CallableBackend {
  app: { request(path: string, init: RequestInit): Response | Promise<Response> };
}

/** A backend in another process, called as the in-process ones are. */
export const overHttp = (baseUrl: string): CallableBackend => ({
  app: { request: (path, init) => fetch(new URL(path, baseUrl), init) },
});

/** A browser-like caller: keeps cookies, sends the app key and echoes the XSRF cookie. */
export class TestClient {
  private cookies = new Map<string, string>();

  constructor(private readonly backend: CallableBackend) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async call(method: string, path: string, options: { body?: unknown; headers?: Record<string, string>; raw?: string } = {}) {
    const headers: Record<string, string> = { [APP_KEY_HEADER]: APP_KEY, ...options.headers };
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get(XSRF_COOKIE);
    if (method !== 'GET' && xsrf && !(XSRF_HEADER in headers)) headers[XSRF_HEADER] = xsrf;
    let body: string | undefined = options.raw;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['Content-Type'] = 'application/json';
    }
    const response = await this.backend.app.request(`/api/${path}`, { method, headers, body });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      const expired = attributes.some((a) => /max-age=0/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined, text };
  }

  /** Holds a session the backend issued outside a call, as its cookies would. */
  holdSession(issued: { token: string; xsrfToken: string }) {
    this.cookies.set(SESSION_COOKIE, issued.token);
    this.cookies.set(XSRF_COOKIE, issued.xsrfToken);
    return this;
  }

  /** First GET, as the site's startup does, so the XSRF cookie exists. */
  async prime() {
    await this.call('GET', 'auth/session-info');
    return this;
  }
}

export { strongPassword };

/**
 * Runs the mail sender until the address's code has arrived. With sign-ups in parallel, a run
 * may skip a row that another run has claimed (SKIP LOCKED) and is still sending.
 */
async function mailedCode(backend: TestBackend, email: string): Promise<string> {
  const { codeFrom } = await import('./mail-sink');
  for (let attempt = 0; ; attempt++) {
    await backend.deliverMail();
    if (backend.mail.to(email).length || attempt === 100) return codeFrom(backend.mail, email);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Signs a new user up through the two-step code flow and returns their logged-in client. */
export async function signedUpClient(backend: TestBackend, email: string, password = strongPassword): Promise<TestClient> {
  const client = await new TestClient(backend).prime();
  const body = { UserName: email, Password: password, UserAgreedToTerms: true, CookieConsent: null };
  const first = await client.call('POST', 'auth/signup', { body });
  if (first.body.CodeResult !== 'show') throw new Error(`sign-up did not ask for a code: ${first.text}`);
  const second = await client.call('POST', 'auth/signup', { body: { ...body, Code: await mailedCode(backend, email) } });
  if (second.status !== 200) throw new Error(`sign-up failed: ${second.text}`);
  return client;
}

/**
 * A new customer written straight to the database, logged in: the account the sign-up makes,
 * without the mailed code (whose flow `signedUpClient` and auth.test.ts keep testing).
 */
export async function newCustomer(backend: TestBackend, email: string): Promise<TestClient> {
  const outcome = await createAccount(backend.deps, { email, password: strongPassword, language: 'en', cookieConsent: null });
  if (outcome.kind !== 'created') throw new Error(`${email} is taken`);
  return new TestClient(backend).holdSession(outcome.session);
}

export { texasBilling };

/** Makes a user's cart hold exactly these items, with the billing address, as the cart page does (quantity 0 for the rest). */
export async function fillCart(client: TestClient, items: Record<string, number>, billing: object = texasBilling) {
  const held = ((await client.call('GET', 'store/cart')).body.LineItems ?? []) as { Key: string }[];
  const quantities = { ...Object.fromEntries(held.map((line) => [line.Key, 0])), ...items };
  const response = await client.call('PUT', 'store/cart', {
    body: {
      Items: Object.entries(quantities).map(([ServiceOfferKey, Quantity]) => ({ ServiceOfferKey, Quantity })),
      BillingInfo: billing,
      IsAddition: false,
    },
  });
  if (response.status !== 200) throw new Error(`cart update failed: ${response.text}`);
  return response.body;
}

/**
 * Buys these items as the cart and checkout pages do: the cart with the Texas billing contact,
 * a manual checkout paid with a test card, then the return from the payment. A declined card
 * leaves the invoice unpaid (the return answers no InvoiceKey then).
 */
export async function buyWithTestCard(
  client: TestClient,
  items: Record<string, number>,
  cardNumber: string = testCards.success,
  billing: object = texasBilling,
) {
  await fillCart(client, items, billing);
  const session = await client.call('POST', 'payment/create-manual-session');
  if (session.status !== 200) throw new Error(`checkout failed: ${session.text}`);
  const paid = await client.call('POST', 'payment/manual/pay', { body: testCardPayment(session.body.Value, cardNumber) });
  const returned = await client.call('POST', 'payment/manual-return', { body: { Value: paid.body.SessionId } });
  return { invoiceKey: returned.body.InvoiceKey as PaymentReturnResponse['InvoiceKey'] };
}

/** Logs an existing user in again (e.g. after the test clock passed the session lifetime). */
export async function logInAgain(client: TestClient, email: string, password = strongPassword) {
  const response = await client.call('POST', 'auth/login', { body: { UserName: email, Password: password, CookieConsent: null } });
  if (response.status !== 200) throw new Error(`login failed: ${response.text}`);
}

/**
 * The statements the database client under drizzle runs (PGlite, or the pg pool), watched, not
 * replaced: their SQL texts since the last `clear`.
 */
export function watchQueries(backend: TestBackend) {
  const client = (backend.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const spy = jest.spyOn(client, 'query');
  return {
    texts: () => spy.mock.calls.map(([query]) => (typeof query === 'string' ? query : String((query as { text?: string }).text))),
    /** The names of the named (server-side prepared) statements among them, on PostgreSQL. */
    names: () =>
      spy.mock.calls.flatMap(([query]) =>
        typeof query === 'object' && query && 'name' in query && query.name ? [String(query.name)] : [],
      ),
    clear: () => spy.mockClear(),
    stop: () => spy.mockRestore(),
  };
}
