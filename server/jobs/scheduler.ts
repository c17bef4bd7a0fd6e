import { DatabaseClock } from '../clock';
import { deliverDueMail } from '../email/outbox';
import type { BackendDeps } from '../deps';
import { databaseFailure, describeError } from '../errors';
import { purgeDueAccounts } from '../services/accounts';
import { remindUpcomingRenewals } from '../services/billing-mail';
import { renewDueManualSubscriptions } from '../services/renewals';
import { purgeExpiredRecords } from '../services/retention';

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
  // Keeps the backend's clock on the database's between readiness checks.
  {
    name: 'clock-sync',
    everyMs: 60_000,
    run: async (deps) => (deps.clock instanceof DatabaseClock ? (await deps.clock.sync(deps.db), 0) : 0),
  },
];

/** One run of a job: a line when it did something or failed, and its metrics either way. */
export async function runJob(deps: BackendDeps, job: Job): Promise<void> {
  const started = performance.now();
  try {
    const done = await job.run(deps);
    const ms = Math.round(performance.now() - started);
    deps.metrics.jobRun(job.name, 'ok', ms / 1000);
    // A run that did something is worth a line; the idle ones (most mail-sender ticks) only at debug.
    (done > 0 ? deps.logger.info : deps.logger.debug)('job done', { job: job.name, done, ms });
  } catch (error) {
    const ms = Math.round(performance.now() - started);
    deps.metrics.jobRun(job.name, 'failed', ms / 1000);
    const failure = databaseFailure(error);
    if (failure) deps.metrics.queryErrors.inc({ code: failure.code });
    deps.logger.error(
      'job failed',
      { job: job.name, ms, error: error instanceof Error ? describeError(error) : String(error) },
      { key: `job:${job.name}`, everyMs: 60_000 },
    );
  }
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
    const run = runJob(deps, job).finally(() => running.delete(job.name));
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
