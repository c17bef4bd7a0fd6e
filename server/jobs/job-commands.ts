import { CommandError } from '../command-error';
import { jobRuns } from '../db/schema';
import type { BackendDeps } from '../deps';
import { requeueMail } from '../email/outbox';
import { mailQueueCounts } from '../email/outbox-status';
import { jobs, runJob, type Job, type JobRun } from './scheduler';

/*
 * `npm run jobs`: what the scheduled jobs did last, one of them now, and mail queued again
 * after an outage. The backends keep running their jobs meanwhile; each job claims its rows, so
 * a run here and one there never do the same thing twice.
 */

export const jobsUsage = [
  'usage: npm run jobs -- <command> [--settings <file>]',
  '  list          each job: how often it runs, its last run and last success (on any backend), and the mail queue',
  `  run <job>     run one job now: ${jobs.map((job) => job.name).join(', ')}`,
  '  retry-mail    queue mail given up or waiting after a failure again, then run the mail sender',
].join('\n');

const time = (at: Date | null) => (at ? `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC` : 'never');
const interval = (ms: number) => (ms >= 60 * 60_000 ? `${ms / 3_600_000} h` : ms >= 60_000 ? `${ms / 60_000} min` : `${ms / 1000} s`);
const outcome = (run: Pick<JobRun, 'outcome' | 'done' | 'ms' | 'error'>) =>
  run.outcome === 'ok' ? `ok, ${run.done} done in ${run.ms} ms` : `FAILED after ${run.ms} ms: ${run.error}`;

async function mailLine(deps: BackendDeps): Promise<string> {
  const mail = await mailQueueCounts(deps.db);
  const oldest = mail.Waiting ? ` (the oldest for ${mail.OldestWaitingSeconds} s)` : '';
  return `mail: ${mail.Waiting} waiting${oldest}, ${mail.Failed} given up`;
}

async function list(deps: BackendDeps): Promise<string[]> {
  const recorded = new Map((await deps.db.select().from(jobRuns)).map((row) => [row.job, row]));
  const width = Math.max(...jobs.map((job) => job.name.length));
  const lines = jobs.map((job) => {
    const last = recorded.get(job.name);
    const head = `${job.name.padEnd(width)}  every ${interval(job.everyMs).padEnd(6)}`;
    if (!last) return `${head}  never run`;
    const success = last.outcome === 'ok' ? '' : `; last success ${time(last.lastSuccessAt)}`;
    return `${head}  last run ${time(last.finishedAt)}: ${outcome({ ...last, outcome: last.outcome as JobRun['outcome'], error: last.error ?? undefined })}${success}`;
  });
  return [...lines, await mailLine(deps)];
}

function jobNamed(name: string | undefined): Job {
  const job = jobs.find((candidate) => candidate.name === name);
  if (!job) throw new CommandError(name ? `there is no job "${name}"` : 'run needs a job', true);
  return job;
}

/** Runs a command; answers its lines, and whether it succeeded (a job run can fail). */
export async function runJobCommand(deps: BackendDeps, argv: readonly string[]): Promise<{ lines: string[]; ok: boolean }> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'list':
      if (rest.length) throw new CommandError(`list takes no arguments`, true);
      return { lines: await list(deps), ok: true };
    case 'run': {
      if (rest.length > 1) throw new CommandError('run takes one job', true);
      const run = await runJob(deps, jobNamed(rest[0]));
      return { lines: [`${run.job}: ${outcome(run)}`], ok: run.outcome === 'ok' };
    }
    case 'retry-mail': {
      if (rest.length) throw new CommandError(`retry-mail takes no arguments`, true);
      const requeued = await requeueMail(deps.db, deps.clock);
      const run = await runJob(deps, jobNamed('outbox'));
      return {
        lines: [`${requeued} mail queued again`, `outbox: ${outcome(run)}`, await mailLine(deps)],
        ok: run.outcome === 'ok',
      };
    }
    default:
      throw new CommandError(command ? `unknown command "${command}"` : 'no command given', true);
  }
}
