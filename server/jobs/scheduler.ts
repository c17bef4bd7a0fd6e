import { sql } from 'drizzle-orm';
import { DatabaseClock } from '../clock';
import { jobRuns } from '../db/schema';
import { deliverDueMail } from '../email/outbox';
import type { BackendDeps } from '../deps';
import { databaseFailure, describeError } from '../errors';
import { purgeDueAccounts } from '../services/accounts/accounts';
import { remindUpcomingRenewals } from '../services/billing/mail';
import { renewDueManualSubscriptions } from '../services/billing/renewals';
import { purgeExpiredRecords } from '../services/platform/retention';
import { mailStaffNotifications } from '../services/staff/notifications';

export interface Job {
  name: string;
  everyMs: number;
  /** Resolves to how many things it did (mails sent, accounts purged, subscriptions renewed, …). */
  run(deps: BackendDeps): Promise<number>;
}

export const jobs: Job[] = [
  { name: 'outbox', everyMs: 10_000, run: deliverDueMail },
  { name: 'account-purge', everyMs: 60 * 60_000, run: purgeDueAccounts },
  { name: 'manual-renewals', everyMs: 15 * 60_000, run: renewDueManualSubscriptions },
  { name: 'retention-purge', everyMs: 60 * 60_000, run: purgeExpiredRecords },
  { name: 'renewal-reminders', everyMs: 60 * 60_000, run: remindUpcomingRenewals },
  { name: 'staff-notifications', everyMs: 60_000, run: mailStaffNotifications },
  // Keeps the backend's clock on the database's between readiness checks.
  {
    name: 'clock-sync',
    everyMs: 60_000,
    run: async (deps) => (deps.clock instanceof DatabaseClock ? (await deps.clock.sync(deps.db), 0) : 0),
  },
];

/** How a run ended, as `npm run jobs -- list` shows it and the metrics count it. */
export interface JobRun {
  job: string;
  startedAt: Date;
  outcome: 'ok' | 'failed';
  done: number;
  ms: number;
  error?: string;
}

/** Keeps a run as its job's last one (and its last success), whichever backend ran it. */
async function recordJobRun(deps: BackendDeps, run: JobRun): Promise<void> {
  const finishedAt = deps.clock.now();
  const row = { ...run, finishedAt, error: run.error ?? null, lastSuccessAt: run.outcome === 'ok' ? finishedAt : null };
  await deps.db
    .insert(jobRuns)
    .values(row)
    .onConflictDoUpdate({
      target: jobRuns.job,
      set: { ...row, lastSuccessAt: sql`coalesce(excluded.last_success_at, ${jobRuns.lastSuccessAt})` },
    });
}

/** One run of a job: a line when it did something or failed, its metrics, and its record, either way. */
export async function runJob(deps: BackendDeps, job: Job): Promise<JobRun> {
  const startedAt = deps.clock.now();
  const started = performance.now();
  let run: JobRun;
  try {
    const done = await job.run(deps);
    run = { job: job.name, startedAt, outcome: 'ok', done, ms: Math.round(performance.now() - started) };
    // A run that did something is worth a line; the idle ones (most mail-sender ticks) only at debug.
    (done > 0 ? deps.logger.info : deps.logger.debug)('job done', { job: job.name, done, ms: run.ms });
  } catch (error) {
    const described = error instanceof Error ? describeError(error) : { message: String(error), causes: [] };
    run = {
      job: job.name,
      startedAt,
      outcome: 'failed',
      done: 0,
      ms: Math.round(performance.now() - started),
      error: [described, ...described.causes].map((line) => line.message.replace(/\s+/g, ' ').trim()).join(' ← '),
    };
    const failure = databaseFailure(error);
    if (failure) deps.metrics.queryErrors.inc({ code: failure.code });
    deps.logger.error('job failed', { job: job.name, ms: run.ms, error: described }, { key: `job:${job.name}`, everyMs: 60_000 });
  }
  deps.metrics.jobRun(job.name, run.outcome, run.ms / 1000);
  // A database that failed the job may fail this too: the log line above has said what happened.
  await recordJobRun(deps, run).catch((error: unknown) =>
    deps.logger.warn(
      'job run not recorded',
      { job: job.name, error: error instanceof Error ? describeError(error) : String(error) },
      { key: `job-record:${job.name}`, everyMs: 60_000 },
    ),
  );
  return run;
}

/**
 * Runs each job shortly after start (what fell due while no process ran waits no interval),
 * then on its interval; never two runs of one job at once in this process. The jobs
 * themselves claim rows safely when several processes share one database.
 */
export function startJobs(deps: BackendDeps, { firstRunAfterMs = 2_000 } = {}) {
  const running = new Map<string, Promise<void>>();
  const runNow = (job: Job) => {
    if (running.has(job.name)) return running.get(job.name);
    const run = runJob(deps, job)
      .then(() => undefined)
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
    return run;
  };
  const timers = jobs.flatMap((job) => [
    setTimeout(() => void runNow(job), Math.min(firstRunAfterMs, job.everyMs)),
    setInterval(() => void runNow(job), job.everyMs),
  ]);
  for (const timer of timers) timer.unref();
  return {
    kick(name: string) {
      const job = jobs.find((candidate) => candidate.name === name);
      if (job) setTimeout(() => void runNow(job), 0).unref();
    },
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(running.values());
    },
  };
}
