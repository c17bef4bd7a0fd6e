import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import { startFreezableProxy, type FreezableProxy } from './freezable-proxy';
import { metricValue, newCustomer, startTestBackend, testPoolSize, TestClient, type TestBackend } from './harness';

/*
 * On PostgreSQL (the second Jest run of `npm test`): a server that stops answering, without
 * closing its connections, must not hold requests. The backend reaches its database through a
 * proxy that the test freezes; the shared test server itself keeps running.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const describeOnPostgres = adminUrl ? describe : describe.skip;

/** The error envelope of a call the database failed, with the request id to find it in the log. */
const unavailable = {
  ErrorMessages: [
    {
      Message: expect.stringMatching(/^The service is briefly unavailable\. Please try again in a moment \(request id [\w-]+\)\.$/),
      Code: 'unavailable',
    },
  ],
};
const unavailableOnAuth = { SessionInfo: null, Errors: unavailable.ErrorMessages };

/** Margin for the work around a timeout on two busy cores. */
const slack = 2_000;
/** The frozen calls wait for the pool's own timeouts, which are not configurable (database.ts). */
const frozenTestTimeout = 90_000;

describeOnPostgres('a PostgreSQL server that stops answering', () => {
  let proxy: FreezableProxy;
  let backend: TestBackend;
  let user: TestClient;
  let pool: Pool;
  /** The pool's client-side limits: a query with no answer, a connection not made. */
  let queryTimeout: number;
  let connectTimeout: number;
  /** The support message caught inside its transaction by the freeze. */
  let caughtInTransaction: Promise<Timed<Awaited<ReturnType<TestClient['call']>>>>;

  beforeAll(async () => {
    backend = await startTestBackend(
      {},
      {
        reach: async (url) => {
          proxy = await startFreezableProxy(url);
          return proxy.url;
        },
      },
    );
    pool = (backend.database.db as unknown as { $client: Pool }).$client;
    ({ query_timeout: queryTimeout = 0, connectionTimeoutMillis: connectTimeout = 0 } = pool.options);
    user = await newCustomer(backend, 'frozen@example.com');
  });

  afterAll(async () => {
    // Thawed first, so the pool's goodbyes reach the server and its end resolves.
    proxy?.thaw();
    await backend?.close();
    await proxy?.close();
  });

  interface Timed<T> {
    result: T;
    ms: number;
  }
  const timed = async <T>(call: () => Promise<T>): Promise<Timed<T>> => {
    const started = performance.now();
    const result = await call();
    return { result, ms: performance.now() - started };
  };
  const health = async () => {
    const response = await backend.app.request('/api/health');
    return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
  };
  const supportMessage = (client: TestClient, ip: string) =>
    client.call('POST', 'support/message', {
      body: { FullName: 'Ann Smith', EmailAddress: 'ann@example.com', Phone: '', Message: 'Is the site up?' },
      headers: { 'X-Forwarded-For': ip },
    });

  it('the pool limits queries and connections on its own side (a frozen server never runs its statement_timeout)', () => {
    expect(queryTimeout).toBeGreaterThan(0);
    expect(connectTimeout).toBeGreaterThan(0);
  });

  it(
    'while frozen, health and session calls answer 503 within the pool’s timeouts, never hang',
    async () => {
      const support = await new TestClient(backend).prime();
      // Frozen after BEGIN has run, as the transaction’s first insert goes out.
      const frozen = proxy.freezeAt('insert into "support_messages"');
      caughtInTransaction = timed(() => supportMessage(support, '198.51.100.7'));
      await frozen;

      // A transaction on every other connection the pool holds (the first asks are served first),
      // the one opened at startup included: each BEGIN times out, and the connection must leave
      // the pool (the thaw's test finds a lost one), not wait a second time or stay counted busy.
      const everyIdleConnection = Array.from({ length: pool.idleCount }, () =>
        timed(() =>
          backend.database.db
            .transaction((tx) => tx.execute(sql`select 'frozen'`))
            .then(
              () => 'answered',
              () => 'failed',
            ),
        ),
      );
      // Each gets an open connection, where its query has no answer (query timeout), or waits for
      // a new one (connect timeout); which depends on what the pool holds at the time.
      const [healthCall, sessionCall, cartCall] = await Promise.all([
        timed(health),
        timed(() => user.call('GET', 'auth/session-info')),
        timed(() => user.call('GET', 'store/cart')),
      ]);
      for (const { result, ms } of await Promise.all(everyIdleConnection)) {
        expect(result).toBe('failed');
        expect(ms).toBeLessThan(queryTimeout + slack);
      }
      for (const { result } of [healthCall, sessionCall, cartCall]) {
        expect(result.status).toBe(503);
        expect(result.headers.get('Retry-After')).toBe('5');
      }
      expect(healthCall.result.body).toEqual(unavailable);
      expect(sessionCall.result.body).toEqual(unavailableOnAuth);
      expect(cartCall.result.body).toEqual(unavailable);
      for (const { ms } of [healthCall, sessionCall, cartCall]) expect(ms).toBeLessThan(Math.max(queryTimeout, connectTimeout) + slack);
    },
    frozenTestTimeout,
  );

  it(
    'a call caught inside its transaction answers 503 too, once its statement has timed out (the connection is closed, so the rollback does not wait again)',
    async () => {
      const { result, ms } = await caughtInTransaction;
      expect(result.status).toBe(503);
      expect(result.body).toEqual(unavailable);
      expect(ms).toBeLessThan(queryTimeout + slack);
    },
    frozenTestTimeout,
  );

  it('after the thaw, calls succeed again and the pool serves as many at once as it holds', async () => {
    proxy.thaw();
    // A connection the freeze broke learns so only now (the server ended the transaction left
    // idle); the one call that meets it fails fast, and the pool drops it.
    const first = await timed(health);
    expect([200, 503]).toContain(first.result.status);
    expect(first.ms).toBeLessThan(slack);

    expect(await health()).toMatchObject({ status: 200, body: { Status: 'ok', Database: 'postgres' } });
    // Each call the freeze failed is counted once, by its cause (a connection not made, a closed one).
    expect(await metricValue(backend, 'db_query_errors_total')).toBeGreaterThanOrEqual(4);
    expect(await user.call('GET', 'auth/session-info')).toMatchObject({ status: 200, body: { UserName: 'frozen@example.com' } });
    expect((await user.call('GET', 'store/cart')).status).toBe(200);
    expect((await supportMessage(await new TestClient(backend).prime(), '198.51.100.8')).status).toBe(200);

    // Every connection at once, each held until all are in: a client leaked by the frozen
    // transaction would leave one short, and its wait would end in the connect timeout.
    let inside = 0;
    let allInside!: () => void;
    const everyoneIn = new Promise<void>((resolve) => (allInside = resolve));
    const enough = new Promise<void>((resolve) => setTimeout(resolve, connectTimeout + slack).unref());
    const held = await Promise.allSettled(
      Array.from({ length: testPoolSize }, () =>
        backend.database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          if (++inside === testPoolSize) allInside();
          await Promise.race([everyoneIn, enough]);
        }),
      ),
    );
    expect(held.map((outcome) => outcome.status)).toEqual(Array(testPoolSize).fill('fulfilled'));
    expect(inside).toBe(testPoolSize);
    expect(pool.totalCount).toBe(testPoolSize);
  });
});
