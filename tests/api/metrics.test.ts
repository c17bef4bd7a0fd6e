import { sql } from 'drizzle-orm';
import { jobs, runJob } from '@/server/jobs/scheduler';
import { openDatabase } from '@/server/db/database';
import { createMetrics, metricsAnswer } from '@/server/metrics';
import { migratedDatabase } from '../support/pglite-templates';
import { testCards } from '../support/test-cards';
import { buyWithTestCard, metricValue, newCustomer, startTestBackend, TestClient, type TestBackend } from './harness';

/*
 * What an operator's Prometheus reads from a backend (server/metrics.ts): requests by route
 * pattern and status, the outbox, the pool, each job's last run, money events. The endpoint of
 * the standalone backend itself is scraped in the topology stage.
 */

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend?.close());

const day = 24 * 60 * 60_000;
const job = (name: string) => jobs.find((candidate) => candidate.name === name)!;

it('answers GET /metrics in the Prometheus text format, and nothing else', async () => {
  const metrics = async () => backend.deps.metrics;
  const answer = await metricsAnswer(new Request('http://backend/metrics'), metrics);
  expect(answer!.status).toBe(200);
  expect(answer!.headers.get('Content-Type')).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(await answer!.text()).toContain('# TYPE http_request_duration_seconds histogram');
  expect(await metricsAnswer(new Request('http://backend/metrics', { method: 'POST' }), metrics)).toBeUndefined();
  expect(await metricsAnswer(new Request('http://backend/api/health'), metrics)).toBeUndefined();
});

it('counts requests by method, route pattern (not the path) and status, with their durations', async () => {
  const series = (route: string, status: string) => ({ method: 'GET', route, status });
  const client = await newCustomer(backend, 'metrics-requests@example.com');
  const before = await metricValue(backend, 'http_request_duration_seconds_count', series('/api/billing/invoice/:id', '404'));
  for (const id of ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'])
    expect((await client.call('GET', `billing/invoice/${id}`)).status).toBe(404);
  expect(await metricValue(backend, 'http_request_duration_seconds_count', series('/api/billing/invoice/:id', '404'))).toBe(before + 2);
  // A path no route has stays one series, whatever was asked.
  await client.call('GET', 'no/such/call');
  expect(await metricValue(backend, 'http_request_duration_seconds_count', series('/api/*', '404'))).toBeGreaterThanOrEqual(1);
  expect(await metricValue(backend, 'http_request_duration_seconds_sum', series('/api/billing/invoice/:id', '404'))).toBeGreaterThan(0);
});

it('shows the outbox waiting, given up, and the age of its oldest waiting mail by the database’s clock', async () => {
  await backend.deliverMail();
  expect(await metricValue(backend, 'mail_outbox_waiting')).toBe(0);
  expect(await metricValue(backend, 'mail_outbox_oldest_waiting_age_seconds')).toBe(0);
  const visitor = await new TestClient(backend).prime();
  const sent = await visitor.call('POST', 'support/message', {
    body: { FullName: 'Ann Smith', EmailAddress: 'ann@example.com', Phone: '', Message: 'Is the site up?' },
    headers: { 'X-Forwarded-For': '198.51.100.20' },
  });
  expect(sent.status).toBe(200);
  // Made ten minutes older where it is kept, so its age is the database's figure, not a timer's.
  await backend.database.db.execute(sql`update outbox set created_at = created_at - interval '10 minutes' where sent_at is null`);
  expect(await metricValue(backend, 'mail_outbox_waiting')).toBe(1);
  expect(await metricValue(backend, 'mail_outbox_oldest_waiting_age_seconds')).toBeGreaterThanOrEqual(600);
  expect(await metricValue(backend, 'mail_outbox_failed')).toBe(0);

  // The mail sender's run, as the scheduler makes it: sent, and the job's success recorded.
  const before = Date.now() / 1000;
  await runJob(backend.deps, job('outbox'));
  expect(await metricValue(backend, 'mail_outbox_waiting')).toBe(0);
  expect(await metricValue(backend, 'job_runs_total', { job: 'outbox', outcome: 'ok' })).toBe(1);
  expect(await metricValue(backend, 'job_last_success_timestamp_seconds', { job: 'outbox' })).toBeGreaterThanOrEqual(Math.floor(before));
  expect(await metricValue(backend, 'job_last_duration_seconds', { job: 'outbox' })).toBeGreaterThan(0);
});

it('counts payments, renewals and failed renewals once each, as they commit', async () => {
  const money = (event: string) => metricValue(backend, 'money_events_total', { event, provider: 'manual' });
  const payments = await money('payment');
  const customer = await newCustomer(backend, 'metrics-money@example.com');
  await buyWithTestCard(customer, { 'personal-health-plus-monthly': 1 });
  const failing = await newCustomer(backend, 'metrics-money-fails@example.com');
  await buyWithTestCard(failing, { 'pdf-workshop-pro-monthly': 1 }, testCards.renewalFails);
  // A declined card takes no money.
  await buyWithTestCard(await newCustomer(backend, 'metrics-declined@example.com'), { 'pdf-workshop-pro-monthly': 1 }, testCards.declined);
  expect(await money('payment')).toBe(payments + 2);

  backend.clock.advance(32 * day);
  await runJob(backend.deps, job('manual-renewals'));
  expect(await money('renewal')).toBe(1);
  expect(await money('renewal_failed')).toBe(1);
  expect(await metricValue(backend, 'job_runs_total', { job: 'manual-renewals', outcome: 'ok' })).toBe(1);
  // Nothing left due: a second run counts nothing more.
  await runJob(backend.deps, job('manual-renewals'));
  expect(await money('renewal')).toBe(1);
});

it('counts a job that failed, and the database failure that made it fail', async () => {
  const failing = {
    name: 'failing-for-test',
    everyMs: 60_000,
    run: () => backend.database.db.execute(sql`select * from no_such_table`).then(() => 0),
  };
  await runJob(backend.deps, failing);
  expect(await metricValue(backend, 'job_runs_total', { job: 'failing-for-test', outcome: 'failed' })).toBe(1);
  // 42P01: undefined table.
  expect(await metricValue(backend, 'db_query_errors_total', { code: '42P01' })).toBe(1);
  expect(await metricValue(backend, 'job_last_success_timestamp_seconds', { job: 'failing-for-test' })).toBe(0);
});

it('still answers while the database does not, with the outbox at its last figures', async () => {
  const database = await openDatabase({ kind: 'pglite', loadDataDir: migratedDatabase() });
  const metrics = createMetrics(database.db);
  metrics.requests.observe({ method: 'GET', route: '/api/health', status: '503' }, 0.01);
  const scrape = async () => (await metricsAnswer(new Request('http://backend/metrics'), async () => metrics))!;
  expect(await (await scrape()).text()).toMatch(/^mail_outbox_waiting 0$/m);
  await database.close();
  const answer = await scrape();
  expect(answer.status).toBe(200);
  const text = await answer.text();
  expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="503"\} 1$/m);
  expect(text).toMatch(/^mail_outbox_waiting 0$/m);
});

const itOnPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;
itOnPostgres('shows the pool’s connections on PostgreSQL', async () => {
  expect(await metricValue(backend, 'db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
  expect(await metricValue(backend, 'db_pool_connections', { state: 'waiting' })).toBe(0);
});
