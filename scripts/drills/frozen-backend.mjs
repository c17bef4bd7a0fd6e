// Drill: one backend freezes (SIGSTOP: it keeps its connections and answers nothing) under a
// steady load through nginx, and thaws again. The topology of docs/deploy.md on loopback
// (scripts/topology.mjs). Counted: errors, and the calls held longer than a second. A frozen
// backend costs the calls nginx sent it until its first read timeout; after that it is out of
// the pool, apart from one call each fail_timeout that tries it again.
// Needs nginx, PostgreSQL and a production build in NEXT_DIST_DIR.
// Usage: NEXT_DIST_DIR=.next-drill node scripts/drills/frozen-backend.mjs [--freeze 60] [--rate 40]
// Exits 0 when it passes, 1 when it fails.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fixedRate } from '../../bench/fixed-rate.mjs';
import { startPostgres } from '../postgres.mjs';
import { logTails, nginxBinary, startTopology } from '../topology.mjs';

const option = (name, fallback) => Number(process.argv[process.argv.indexOf(`--${name}`) + 1]) || fallback;
const freezeSeconds = option('freeze', 60);
const rate = option('rate', 20);
const freezeAtSeconds = 5;
const heldMs = 1_000;
const say = (line) => process.stdout.write(`${line}\n`);

if (!nginxBinary()) {
  say('frozen backend drill: nginx is not installed here (apt-get install nginx)');
  process.exit(1);
}
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'frozen-backend-drill-'));
let postgres;
let topology;
let frozen;
let failed = true;
try {
  postgres = await startPostgres();
  if (!postgres) throw new Error('PostgreSQL is not installed here (apt-get install postgresql)');
  topology = await startTopology({ work, databaseUrl: postgres.url, nextCount: 1, env: { LOG_LEVEL: 'warn' } });
  // The limits the drill checks against, as nginx runs them.
  const rendered = fs.readFileSync(path.join(work, 'bluebonnet.conf'), 'utf8');
  const readTimeoutSeconds = Number(rendered.match(/location \/api\/ \{[^}]*?proxy_read_timeout (\d+)s;/)[1]);
  const failTimeoutSeconds = Number(rendered.match(/upstream bluebonnet_backend \{[^}]*?fail_timeout=(\d+)s/)?.[1] ?? 0);
  const url = new URL('/api/store/catalog', topology.siteUrl).href;
  say(
    `frozen backend drill: GET ${url} at ${rate}/s through nginx (HTTPS), backend 1 of 2 frozen from second ` +
      `${freezeAtSeconds} for ${freezeSeconds} s; the API's read timeout ${readTimeoutSeconds} s, fail_timeout ` +
      `${failTimeoutSeconds ? `${failTimeoutSeconds} s` : 'none (max_fails=0)'}; PostgreSQL ${postgres.version}`,
  );

  const answers = [];
  const load = fixedRate({
    url,
    headers: { 'x-app-key': 'bluebonnet-website' },
    ca: fs.readFileSync(path.join(work, 'cert.pem')),
    rate,
    // Enough connections for every call a read timeout can hold, so none waits for a free one.
    connections: rate * (readTimeoutSeconds + 5),
    durationSeconds: freezeAtSeconds + freezeSeconds + 10,
    onAnswer: (answer) => answers.push(answer),
  });
  // fixedRate's clock starts with its warm-up second.
  const freezeAtMs = (1 + freezeAtSeconds) * 1000;
  const backend = topology.backends[0].child;
  setTimeout(() => {
    frozen = backend;
    backend.kill('SIGSTOP');
  }, freezeAtMs);
  setTimeout(
    () => {
      frozen = undefined;
      backend.kill('SIGCONT');
    },
    freezeAtMs + freezeSeconds * 1000,
  );
  const totals = await load;

  const held = answers.filter((answer) => answer.latencyMs > heldMs);
  const errors = answers.filter((answer) => answer.status !== 200);
  // Calls due after the first read timeout ran out: only nginx's retries of the frozen backend
  // may be held then, one each fail_timeout.
  const firstTimeoutEndsMs = freezeAtMs + readTimeoutSeconds * 1000;
  const heldLater = held.filter((answer) => answer.dueMs > firstTimeoutEndsMs + 1000);
  const allowedLater = failTimeoutSeconds ? Math.ceil(freezeSeconds / failTimeoutSeconds) + 1 : 0;
  const statuses = {};
  for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  say('');
  say('| calls | statuses | held > 1 s | held, due after the first read timeout | longest | p50 | p99 |');
  say('|---|---|---|---|---|---|---|');
  say(
    `| ${answers.length} | ${JSON.stringify(statuses)} | ${held.length} | ${heldLater.length} | ` +
      `${(Math.max(...answers.map((answer) => answer.latencyMs)) / 1000).toFixed(1)} s | ${totals.p50Ms} ms | ${totals.p99Ms} ms |`,
  );
  const problems = [
    errors.length > 0 && `${errors.length} calls failed`,
    heldLater.length > allowedLater &&
      `${heldLater.length} calls due after the first read timeout were held (at most ${allowedLater}: one per fail_timeout)`,
  ].filter(Boolean);
  for (const problem of problems) say(`FAILED: ${problem}`);
  failed = problems.length > 0;
  say(failed ? 'frozen backend drill: FAILED' : 'frozen backend drill: passed');
} catch (error) {
  say(`frozen backend drill: ${error.stack ?? error}`);
  if (fs.existsSync(work)) say(logTails(work));
} finally {
  frozen?.kill('SIGCONT');
  await topology?.stop();
  await postgres?.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
