// Drill: the disk under nginx's edge cache is full. The topology of docs/deploy.md on loopback
// (scripts/topology.mjs) with CACHE_DIR on a tmpfs of its own, filled with zeros until ENOSPC.
// Public pages in English and German, the build files they name and the API, requested through
// nginx over HTTPS, must still come whole: 200, the body Next.js itself serves for the same
// request, the same Content-Type. Then the space is freed and the cache must serve a HIT again.
// Needs root (for mount), nginx, PostgreSQL and a production build in NEXT_DIST_DIR.
// Usage: NEXT_DIST_DIR=.next-drill node scripts/drills/edge-cache-disk-full.mjs [--rounds 3]
// Exits 0 when it passes, 1 when it fails, 2 when the tmpfs cannot be mounted.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { startPostgres } from '../postgres.mjs';
import { logTails, nginxBinary, startTopology } from '../topology.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 3;
const pages = ['/', '/contact', '/legal/privacy-policy', '/solutions', '/de', '/de/contact', '/de/legal/privacy-policy', '/de/solutions'];
const say = (line) => process.stdout.write(`${line}\n`);
// The free space the cache keeps (proxy_cache_path min_free) and room for its entries: on a
// smaller disk nginx's cache manager would delete each entry as soon as it is written.
const template = fs.readFileSync(path.join(root, 'deploy/nginx/bluebonnet.conf.template'), 'utf8');
const minFree = Math.max(
  0,
  ...[...template.matchAll(/min_free=(\d+)([kmg]?)\b/gi)].map(
    ([, size, unit]) => Number(size) * 1024 ** ' kmg'.indexOf(unit.toLowerCase()),
  ),
);
const tmpfsSize = `${Math.ceil(minFree / 2 ** 20) + 8}m`;

if (!nginxBinary()) {
  say('edge cache drill: nginx is not installed here (apt-get install nginx)');
  process.exit(1);
}
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-cache-drill-'));
const cacheDir = path.join(work, 'nginx-cache');
fs.mkdirSync(cacheDir);
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${tmpfsSize}`, 'tmpfs', cacheDir], { stdio: 'pipe' });
} catch (error) {
  say(`edge cache drill: cannot mount a tmpfs on ${cacheDir} (it needs root): ${error.stderr?.toString().trim() || error.message}`);
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(2);
}

const agent = new https.Agent({ keepAlive: true, rejectUnauthorized: false });
/** One GET, uncompressed: its status, headers, body length and whether it arrived whole. */
function get(url) {
  return new Promise((resolve) => {
    const request = (url.startsWith('https:') ? https : http).get(url, url.startsWith('https:') ? { agent } : {}, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, bytes, whole: response.complete }));
      response.on('error', (error) => resolve({ error: `${error.code ?? error.message} after the headers` }));
      // A connection cut mid-body ends without 'end'.
      response.on('close', () => resolve({ status: response.statusCode, headers: response.headers, bytes, whole: false }));
    });
    request.on('error', (error) => resolve({ error: error.code ?? error.message }));
    request.setTimeout(30_000, () => request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
  });
}

/** Writes zeros to `file` until its filesystem is full; the bytes written. */
function fill(file) {
  const fd = fs.openSync(file, 'w');
  const zeros = Buffer.alloc(64 * 1024);
  let written = 0;
  try {
    for (;;) written += fs.writeSync(fd, zeros);
  } catch (error) {
    if (error.code !== 'ENOSPC') throw error;
  } finally {
    fs.closeSync(fd);
  }
  return written;
}

/** Every path `rounds` times through nginx, each answer checked against Next.js's own. */
async function requestAll(siteUrl, nextUrl, paths) {
  const tally = { requests: 0, ok: 0, statuses: {}, short: 0, wrongType: 0, errors: {}, cache: {} };
  const expected = new Map();
  for (const pathname of paths) {
    const direct = await get(new URL(pathname, nextUrl).href);
    if (direct.status !== 200 || !direct.whole) throw new Error(`Next.js itself answers ${pathname} with ${direct.status ?? direct.error}`);
    expected.set(pathname, direct);
  }
  for (let round = 0; round < rounds; round++)
    for (const pathname of paths) {
      const answer = await get(new URL(pathname, siteUrl).href);
      const direct = expected.get(pathname);
      tally.requests++;
      if (answer.error) {
        tally.errors[answer.error] = (tally.errors[answer.error] ?? 0) + 1;
        continue;
      }
      tally.statuses[answer.status] = (tally.statuses[answer.status] ?? 0) + 1;
      const cache = answer.headers['x-cache-status'] ?? 'none';
      tally.cache[cache] = (tally.cache[cache] ?? 0) + 1;
      const short = !answer.whole || answer.bytes !== direct.bytes;
      const wrongType = answer.headers['content-type'] !== direct.headers['content-type'];
      if (short) tally.short++;
      if (wrongType) tally.wrongType++;
      if (answer.status === 200 && !short && !wrongType) tally.ok++;
    }
  return tally;
}

/** The answer to a second request for `pathname`, once a first one had the chance to be kept. */
async function cachedTwice(siteUrl, pathname) {
  await get(new URL(pathname, siteUrl).href);
  return (await get(new URL(pathname, siteUrl).href)).headers?.['x-cache-status'];
}

const errorLog = path.join(work, 'nginx-error.log');
const cacheLines = () => {
  const lines = fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8').split('\n') : [];
  const about = lines.filter((line) => line.includes(cacheDir));
  // One line as an example, without its time and the request's details.
  const example = about
    .at(-1)
    ?.replace(/^\S+ \S+ /, '')
    .replace(/, client:.*$/, '');
  return { total: about.length, noSpace: about.filter((line) => line.includes('No space left on device')).length, example };
};

/** Files nginx left in the cache by copies the full disk cut short (named <key>.<ten digits>). */
const strays = () => {
  const files = fs
    .readdirSync(cacheDir, { recursive: true })
    .filter((name) => /\.\d{10}$/.test(name))
    .map((name) => fs.statSync(path.join(cacheDir, name)).size);
  return { files: files.length, bytes: files.reduce((sum, size) => sum + size, 0) };
};

let postgres;
let topology;
let failed = true;
try {
  postgres = await startPostgres();
  if (!postgres) throw new Error('PostgreSQL is not installed here (apt-get install postgresql)');
  topology = await startTopology({ work, databaseUrl: postgres.url, cacheDir, env: { LOG_LEVEL: 'warn' } });
  const nextUrl = `http://127.0.0.1:${topology.nexts[0].port}`;
  // The build files the pages name: scripts, styles, fonts.
  const home = await new Promise((resolve, reject) =>
    http.get(`${nextUrl}/`, (response) => {
      let html = '';
      response.on('data', (chunk) => (html += chunk));
      response.on('end', () => resolve(html));
      response.on('error', reject);
    }),
  );
  const statics = [...new Set(home.match(/\/_next\/static\/[^"'\s\\)]+\.(?:js|css|woff2)/g) ?? [])].slice(0, 8);
  if (!statics.length) throw new Error('the home page names no /_next/static/ file');
  const paths = [...pages, ...statics];
  say(
    `edge cache drill: ${spawnSync(nginxBinary(), ['-v'], { encoding: 'utf8' }).stderr.trim()} on ${topology.siteUrl}, ` +
      `CACHE_DIR on a tmpfs of ${tmpfsSize} (${cacheDir}), PostgreSQL ${postgres.version}, Next.js build ${process.env.NEXT_DIST_DIR || '.next'}`,
  );
  say(`${pages.length} pages and ${statics.length} build files, ${rounds} times each`);

  const filler = path.join(cacheDir, 'zeros');
  const filled = fill(filler);
  const free = fs.statfsSync(cacheDir);
  say(`filled the cache's filesystem: ${(filled / 2 ** 20).toFixed(1)} MB of zeros, ${free.bavail * free.bsize} bytes left`);
  const full = await requestAll(topology.siteUrl, nextUrl, paths);
  const api = await get(new URL('/api/health', topology.siteUrl).href);
  const logFull = cacheLines();
  const left = strays();

  fs.rmSync(filler);
  const freed = await requestAll(topology.siteUrl, nextUrl, paths);
  const hits = { page: await cachedTwice(topology.siteUrl, '/contact'), static: await cachedTwice(topology.siteUrl, statics[0]) };
  const logFreed = cacheLines();

  const row = (name, tally, log) =>
    `| ${name} | ${tally.requests} | ${tally.ok} | ${JSON.stringify(tally.statuses)} | ${tally.short} | ${tally.wrongType} | ${JSON.stringify(tally.errors)} | ${JSON.stringify(tally.cache)} | ${log.total} (${log.noSpace} ENOSPC) |`;
  say('');
  say(
    '| cache disk | requests | whole 200s | statuses | short bodies | wrong type | errors | X-Cache-Status | error-log lines on the cache |',
  );
  say('|---|---|---|---|---|---|---|---|---|');
  say(row('full', full, logFull));
  say(row('space freed', freed, { total: logFreed.total - logFull.total, noSpace: logFreed.noSpace - logFull.noSpace }));
  say('');
  say(`API through nginx on the full disk: GET /api/health → ${api.status ?? api.error}`);
  if (logFull.example) say(`nginx's error log on the full disk, for example: ${logFull.example}`);
  say(`unfinished copies left in the cache by the full disk: ${left.files} files, ${left.bytes} bytes`);
  say(`after freeing the space, a second request: /contact → ${hits.page}, ${statics[0]} → ${hits.static}`);

  const problems = [
    full.ok !== full.requests && `${full.requests - full.ok} of ${full.requests} answers on the full disk were not whole 200s`,
    freed.ok !== freed.requests && `${freed.requests - freed.ok} of ${freed.requests} answers after freeing the space were not whole 200s`,
    api.status !== 200 && `the API answered ${api.status ?? api.error} on the full disk`,
    (hits.page !== 'HIT' || hits.static !== 'HIT') && 'the cache served no HIT after the space was freed',
  ].filter(Boolean);
  for (const problem of problems) say(`FAILED: ${problem}`);
  failed = problems.length > 0;
  say(failed ? 'edge cache drill: FAILED' : 'edge cache drill: passed');
} catch (error) {
  say(`edge cache drill: ${error instanceof Error ? error.message : String(error)}`);
  process.stderr.write(`${logTails(work)}\n`);
} finally {
  agent.destroy();
  await topology?.stop();
  await postgres?.stop();
  try {
    execFileSync('umount', [cacheDir], { stdio: 'pipe' });
    fs.rmSync(work, { recursive: true, force: true });
  } catch (error) {
    say(`edge cache drill: umount ${cacheDir} failed, ${work} is left: ${error.stderr?.toString().trim() || error.message}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
