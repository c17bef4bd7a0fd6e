import { eq, sql } from 'drizzle-orm';
import { brand } from '@/lib/config';
import { CommandError } from '@/server/command-error';
import { jobRuns, outbox } from '@/server/db/schema';
import { runJobCommand } from '@/server/jobs/job-commands';
import { runJob, jobs } from '@/server/jobs/scheduler';
import { startTestBackend, TestClient, type TestBackend } from './harness';

/*
 * `npm run jobs` (server/jobs/job-commands.ts) on a test backend: the command itself is spawned
 * in tests/unit/jobs-cli.test.ts.
 */

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend?.close());

const run = (...argv: string[]) => runJobCommand(backend.deps, argv);

it('lists every job as never run at first, then each one’s last run and last success, and the mail queue', async () => {
  const before = await run('list');
  expect(before.ok).toBe(true);
  expect(before.lines).toHaveLength(jobs.length + 1);
  expect(before.lines[0]).toMatch(/^outbox +every 10 s +never run$/);
  expect(before.lines.at(-1)).toBe('mail: 0 waiting, 0 given up');

  expect((await run('run', 'manual-renewals')).lines).toEqual([expect.stringMatching(/^manual-renewals: ok, 0 done in \d+ ms$/)]);
  // A run that failed keeps the last success beside its error.
  const failing = {
    name: 'manual-renewals',
    everyMs: 15 * 60_000,
    run: () => backend.database.db.execute(sql`select * from no_such_table`).then(() => 0),
  };
  const failed = await runJob(backend.deps, failing);
  expect(failed).toMatchObject({ outcome: 'failed', error: expect.stringContaining('no_such_table') });
  const [row] = await backend.database.db.select().from(jobRuns).where(eq(jobRuns.job, 'manual-renewals'));
  expect(row).toMatchObject({ outcome: 'failed', done: 0, lastSuccessAt: expect.any(Date) });

  const after = (await run('list')).lines.find((line) => line.startsWith('manual-renewals'))!;
  expect(after).toMatch(
    /^manual-renewals +every 15 min +last run \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC: FAILED after \d+ ms: .*no_such_table.*; last success \d{4}-/,
  );
});

it('runs one job now, and fails the command when the job fails', async () => {
  const visitor = await new TestClient(backend).prime();
  await visitor.call('POST', 'support/message', {
    body: { FullName: 'Ann Smith', EmailAddress: 'ann@example.com', Phone: '', Message: 'Hello' },
    headers: { 'X-Forwarded-For': '198.51.100.30' },
  });
  expect(await run('run', 'outbox')).toEqual({ lines: [expect.stringMatching(/^outbox: ok, 1 done in \d+ ms$/)], ok: true });
  expect(backend.mail.to(brand.supportEmail)).toHaveLength(1);

  backend.mail.setRefusing(true);
  try {
    await visitor.call('POST', 'support/message', {
      body: { FullName: 'Ann Smith', EmailAddress: 'ann@example.com', Phone: '', Message: 'Again' },
      headers: { 'X-Forwarded-For': '198.51.100.31' },
    });
    // The mail server is down: the mail waits for its next attempt; the run itself did its work.
    expect((await run('run', 'outbox')).lines[0]).toMatch(/^outbox: ok, 0 done/);
  } finally {
    backend.mail.setRefusing(false);
  }

  await backend.database.db.execute(sql`alter table outbox rename to outbox_away`);
  try {
    const failed = await run('run', 'outbox');
    expect(failed.ok).toBe(false);
    expect(failed.lines[0]).toMatch(/^outbox: FAILED after \d+ ms: .*relation "outbox" does not exist/);
  } finally {
    await backend.database.db.execute(sql`alter table outbox_away rename to outbox`);
  }
});

it('queues mail given up or waiting after a failure again, and sends it now', async () => {
  // What the outage above left waiting, and one given up long ago.
  await backend.database.db.insert(outbox).values({
    recipient: 'gone@example.com',
    subject: 'Given up',
    body: 'x',
    attempts: 8,
    lastError: 'ECONNREFUSED',
    failedAt: new Date(),
  });
  const { lines, ok } = await run('retry-mail');
  expect(ok).toBe(true);
  expect(lines).toEqual(['2 mail queued again', expect.stringMatching(/^outbox: ok, 2 done in \d+ ms$/), 'mail: 0 waiting, 0 given up']);
  expect(backend.mail.to('gone@example.com')).toHaveLength(1);
  expect(backend.mail.to(brand.supportEmail).at(-1)?.text).toContain('Again');
});

it('refuses unknown commands and jobs, with the usage', async () => {
  for (const argv of [[], ['purge'], ['run'], ['run', 'nope'], ['run', 'outbox', 'extra'], ['list', 'all']]) {
    const error = await run(...argv).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CommandError);
    expect((error as CommandError).showUsage).toBe(true);
  }
});
