import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DatabaseClock, type Clock } from './clock';
import type { Db, PoolStats } from './db/database';
import { mailQueueCounts } from './email/outbox-status';

/** A change of money or of a subscription's paid period, counted once its transaction committed. */
export type MoneyEvent = 'payment' | 'refund' | 'renewal' | 'renewal_failed';

/**
 * The backend's Prometheus metrics (docs/deploy.md, "Metrics and alerts"): one registry per backend,
 * so the backends a test process starts never share counters. The outbox and the pool are read
 * when scraped; the rest is counted as it happens.
 */
export function createMetrics(db: Db, { poolStats, clock }: { poolStats?: () => PoolStats; clock?: Clock } = {}) {
  const registry = new Registry();
  const registers = [registry];
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'API requests by method, route pattern and status: count and duration.',
    labelNames: ['method', 'route', 'status'] as const,
    // From a cached read to a slow PDF render.
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const queryErrors = new Counter({
    name: 'db_query_errors_total',
    help: 'Requests and job runs failed by the database, by cause (SQLSTATE or connection error code).',
    labelNames: ['code'] as const,
    registers,
  });
  const money = new Counter({
    name: 'money_events_total',
    help: 'Payments, refunds, renewals and failed renewals recorded by this process, by provider.',
    labelNames: ['event', 'provider'] as const,
    registers,
  });
  const jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Runs of each scheduled job, by outcome.',
    labelNames: ['job', 'outcome'] as const,
    registers,
  });
  const jobLastSuccess = new Gauge({
    name: 'job_last_success_timestamp_seconds',
    help: 'When each job last finished without an error (Unix time).',
    labelNames: ['job'] as const,
    registers,
  });
  const jobDuration = new Gauge({
    name: 'job_last_duration_seconds',
    help: 'How long the last run of each job took.',
    labelNames: ['job'] as const,
    registers,
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'The database pool: open connections, idle ones, and requests waiting for one.',
    labelNames: ['state'] as const,
    registers,
    collect() {
      if (!poolStats) return;
      const stats = poolStats();
      for (const state of ['total', 'idle', 'waiting'] as const) this.set({ state }, stats[state]);
    },
  });
  new Gauge({
    name: 'clock_offset_seconds',
    help: 'How far the database’s clock is ahead of this host’s, as last measured (readiness fails beyond a few seconds).',
    registers,
    collect() {
      if (clock instanceof DatabaseClock) this.set(clock.offsetMs / 1000);
    },
  });
  // One outbox query per scrape, shared by its three gauges. A database that does not answer
  // leaves them at their last figures: the scrape still brings everything else.
  let outbox: Promise<Awaited<ReturnType<typeof mailQueueCounts>> | undefined> | undefined;
  const readOutbox = () =>
    (outbox ??= mailQueueCounts(db)
      .catch(() => undefined)
      .finally(() => {
        outbox = undefined;
      }));
  const outboxGauge = (name: string, help: string, value: (counts: Awaited<ReturnType<typeof mailQueueCounts>>) => number) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const counts = await readOutbox();
        if (counts) this.set(value(counts));
      },
    });
  outboxGauge('mail_outbox_waiting', 'Mail not yet sent and not given up.', (counts) => counts.Waiting);
  outboxGauge('mail_outbox_failed', 'Mail given up after its last attempt.', (counts) => counts.Failed);
  outboxGauge(
    'mail_outbox_oldest_waiting_age_seconds',
    'Age of the oldest mail still waiting to be sent (0 when none waits).',
    (counts) => counts.OldestWaitingSeconds,
  );

  return {
    registry,
    requests,
    queryErrors,
    countMoney(events: readonly MoneyEvent[], provider: string) {
      for (const event of events) money.inc({ event, provider });
    },
    jobRun(job: string, outcome: 'ok' | 'failed', seconds: number) {
      jobRuns.inc({ job, outcome });
      jobDuration.set({ job }, seconds);
      if (outcome === 'ok') jobLastSuccess.set({ job }, Date.now() / 1000);
    },
    /** The process's own figures (CPU, memory, event-loop delay): for a serving process only, once. */
    includeProcessMetrics() {
      collectDefaultMetrics({ register: registry });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** GET /metrics answered with the registry's text, as Prometheus scrapes it; undefined for any other request. */
export async function metricsAnswer(request: Request, metrics: () => Promise<Metrics>): Promise<Response | undefined> {
  if (new URL(request.url).pathname !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined;
  const { registry } = await metrics();
  return new Response(await registry.metrics(), { headers: { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' } });
}
