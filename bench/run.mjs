// `npm run bench`: the site against the framework floor, side by side in one run (issue 7).
// Builds and starts the production site, a bare Next.js page and a bare Hono route on loopback,
// then measures Lighthouse, main-thread work, first-load JS, page throughput, API latency and start-up.
// Options: --quick (no Lighthouse, no fresh clone), --no-clone, --duration <s>.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/free-port.mjs';
import { backendNodeFlags } from '../scripts/backend-node-flags.mjs';
import { startPostgres } from '../scripts/postgres.mjs';
import { fixedRateRounds, warmUp } from './fixed-rate.mjs';
import { cannon, firstLoadJs, median, signUpBenchUser, startMailSink, startProcess, timed, waitFor } from './lib.mjs';
import { lighthouseRuns } from './lighthouse.mjs';
import { mainThreadRuns } from './main-thread.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const duration = Number(args[args.indexOf('--duration') + 1]) || 8;
const node = process.execPath;
const nextBin = path.join(root, 'node_modules/next/dist/bin/next');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'website-bench-'));
const results = { when: new Date().toISOString(), machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB`, node: process.version };
const stops = [];

try {
  const [sitePort, basePort, honoPort, smtpPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const site = `http://localhost:${sitePort}`;
  const base = `http://localhost:${basePort}`;

  // Mail sink: the bench user signs up with the code it receives, like a person would.
  const { mails, close: closeMailSink } = await startMailSink(smtpPort);
  stops.push(closeMailSink);

  // 1. Builds.
  const siteEnv = { ...process.env, NEXT_DIST_DIR: '.next-bench', NEXT_PUBLIC_SITE_URL: site, NEXT_TELEMETRY_DISABLED: '1' };
  results.buildSeconds = timed('building the site', node, [nextBin, 'build'], { cwd: root, env: siteEnv });
  const baseline = path.join(work, 'baseline');
  fs.mkdirSync(baseline);
  fs.cpSync(path.join(root, 'bench/baseline'), baseline, { recursive: true });
  // Hard links: the same packages as the site, outside its workspace (Next would adopt its root files).
  timed('linking packages for the bare page', 'cp', ['-al', path.join(root, 'node_modules'), path.join(baseline, 'node_modules')]);
  results.baselineBuildSeconds = timed('building the bare page', node, ['node_modules/next/dist/bin/next', 'build'], { cwd: baseline, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });

  // 2. Start-up: process start → first page served, on a fresh data folder.
  const startedAt = Date.now();
  // As `npm start` serves it (scripts/start.mjs → server/site.ts).
  const server = startProcess(node, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...siteEnv, PORT: String(sitePort), DATA_DIR: path.join(work, 'data'), SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, LOG_LEVEL: 'warn', PAYMENTS_MANUAL_ENABLED: 'true', THROTTLE_SCALE: '1000' },
  });
  stops.push(server.stop);
  await waitFor(`${site}/`);
  results.startToFirstPageSeconds = (Date.now() - startedAt) / 1000;
  await waitFor(`${site}/api/health`);
  results.startToApiSeconds = (Date.now() - startedAt) / 1000;
  stops.push(startProcess(node, ['node_modules/next/dist/bin/next', 'start', '-p', String(basePort)], { cwd: baseline }).stop);
  stops.push(startProcess(node, [path.join(root, 'bench/bare-hono.mjs')], { env: { ...process.env, PORT: String(honoPort) } }).stop);
  await waitFor(`${base}/`);
  await waitFor(`http://127.0.0.1:${honoPort}/api/bare`);

  // 3. First-load JS (gzip) per route, against the bare page.
  const siteJs = firstLoadJs(root, path.join(root, '.next-bench/diagnostics/route-bundle-stats.json'));
  const bare = firstLoadJs(baseline, path.join(baseline, '.next/diagnostics/route-bundle-stats.json'))['/'];
  const portal = (route) => /account|store\/(cart|checkout|payment-return)|app\/talent/.test(route);
  results.firstLoadJs = {
    barePageBytes: bare,
    routes: Object.entries(siteJs)
      .filter(([route]) => route.startsWith('/[locale]'))
      .map(([route, bytes]) => ({ route, bytes, ratio: +(bytes / bare).toFixed(3), target: portal(route) ? 1.5 : 1.1 })),
  };

  // 4. Throughput of static pages, alternated with the bare page (same connections and duration).
  // "bare, same size" is the bare app's page with as much server-rendered HTML as ours: it shows
  // how much of the gap is the weight of the page rather than work of ours.
  // The site answers a static page from its shared cache (server/page-cache.ts); "by Next.js"
  // is the same page asked for fresh (a reload's no-cache), which Next.js renders from its own.
  const fresh = { 'cache-control': 'no-cache' };
  // "new visitors": each request with the cookies of another visitor (their own XSRF token), as
  // browsers come once they have called the API: the cache must not keep a copy per visitor.
  const newVisitor = (request) => ({ ...request, headers: { ...request.headers, cookie: `XSRF-TOKEN=${crypto.randomBytes(24).toString('base64url')}` } });
  const pages = {
    home: { url: `${site}/` },
    homeNewVisitors: { url: `${site}/`, requests: [{ setupRequest: newVisitor }] },
    privacy: { url: `${site}/legal/privacy-policy` },
    homeByNext: { url: `${site}/`, headers: fresh },
    privacyByNext: { url: `${site}/legal/privacy-policy`, headers: fresh },
    bare: { url: `${base}/` },
    bareSized: { url: `${base}/sized` },
  };
  const runs = Object.fromEntries(Object.keys(pages).map((name) => [name, []]));
  const p99 = Object.fromEntries(Object.keys(pages).map((name) => [name, []]));
  const htmlBytes = {};
  const request = ({ url, headers, requests }) => ({ url, requests, headers: { 'accept-language': 'en', ...headers } });
  for (const [name, page] of Object.entries(pages)) htmlBytes[name] = (await (await fetch(page.url, request(page))).arrayBuffer()).byteLength;
  for (let round = 0; round < 2; round++) {
    for (const [name, page] of Object.entries(pages)) {
      const result = await cannon({ ...request(page), duration });
      runs[name].push(result.requests.average);
      p99[name].push(result.latency.p99);
    }
  }
  results.throughput = Object.fromEntries(
    Object.keys(pages).map((name) => [
      name,
      {
        requestsPerSecond: Math.round(median(runs[name])),
        p99Ms: median(p99[name]),
        htmlBytes: htmlBytes[name],
        ratio: +(median(runs[name]) / median(runs.bare)).toFixed(3),
        ratioToSameSize: +(median(runs[name]) / median(runs.bareSized)).toFixed(3),
      },
    ]),
  );

  // 5. API latency at a fixed 500 requests/s, through the /api forwarder, logged in; beside it
  // the standalone backend (`npm run server`, the BACKEND_URL deployment): what the backend
  // itself adds to a bare Hono route, without Next in front. All in the same alternated rounds.
  const { session } = await signUpBenchUser(site, mails, 'bench');
  const backendPort = await freePort();
  const backendUrl = `http://127.0.0.1:${backendPort}`;
  stops.push(
    startProcess(node, [...backendNodeFlags, '--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: String(backendPort), DATA_DIR: path.join(work, 'backend-data'), SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, LOG_LEVEL: 'warn', THROTTLE_SCALE: '1000' },
    }).stop,
  );
  await waitFor(`${backendUrl}/api/health`);
  const { session: backendSession } = await signUpBenchUser(backendUrl, mails, 'bench-backend');
  const api = (pathname, extra = {}) => ({ url: `${site}/api/${pathname}`, headers: session, ...extra });
  const standalone = (pathname) => ({ url: `${backendUrl}/api/${pathname}`, headers: backendSession });
  const cartBody = JSON.stringify({ Items: [{ ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: 2 }], BillingInfo: { Name: 'Bench User', Address1: '1 Main St', City: 'Plano', StateCode: 'TX', PostalCode: '75024', CountryCode: 'US' }, IsAddition: false });
  const targets = {
    'GET store/catalog': api('store/catalog'),
    'GET auth/session-info': api('auth/session-info'),
    'GET store/cart': api('store/cart'),
    'PUT store/cart': api('store/cart', { method: 'PUT', body: cartBody }),
    'bare Hono route': { url: `http://127.0.0.1:${honoPort}/api/bare` },
    'bare Next.js Route Handler': { url: `${base}/api/bare` },
  };
  const standaloneTargets = { 'GET store/catalog': standalone('store/catalog'), 'GET auth/session-info': standalone('auth/session-info') };
  const standaloneName = (name) => `standalone ${name}`;
  const allTargets = { ...targets, ...Object.fromEntries(Object.entries(standaloneTargets).map(([name, target]) => [standaloneName(name), target])) };
  // Evenly spaced arrivals (bench/fixed-rate.mjs), not autocannon's once-a-second bursts;
  // three alternated rounds, median p50/p99.
  const atRate = (target) => ({ ...target, rate: 500, durationSeconds: duration });
  const fixed = await fixedRateRounds(Object.fromEntries(Object.entries(allTargets).map(([name, target]) => [name, atRate(target)])));
  // Capacity: unthrottled throughput against the bare routes, alternated over five rounds,
  // because one run on this shared machine can be off by a third. The ratio is of the medians,
  // as in every earlier run; each round's own ratio is kept beside it to show the spread.
  const capacity = ['GET store/catalog', 'GET auth/session-info', ...Object.keys(standaloneTargets).map(standaloneName), 'bare Hono route', 'bare Next.js Route Handler'];
  const capacityRounds = 5;
  const capacitySeconds = Math.max(3, Math.round((duration * 3) / capacityRounds));
  const capacityRuns = Object.fromEntries(capacity.map((name) => [name, []]));
  for (let round = 0; round < capacityRounds; round++) {
    for (const name of capacity) capacityRuns[name].push(Math.round((await cannon({ ...allTargets[name], connections: 20, duration: capacitySeconds })).requests.average));
  }
  for (const name of capacity) Object.assign(fixed[name], { maxRequestsPerSecond: median(capacityRuns[name]), maxRequestsPerSecondRounds: capacityRuns[name] });
  const capacityRatios = (name) => ({
    ratioToBare: +(fixed[name].maxRequestsPerSecond / fixed['bare Hono route'].maxRequestsPerSecond).toFixed(3),
    ratioToBareRounds: capacityRuns[name].map((value, round) => +(value / capacityRuns['bare Hono route'][round]).toFixed(3)),
  });
  const nextMax = fixed['bare Next.js Route Handler'].maxRequestsPerSecond;
  results.api = Object.fromEntries(Object.keys(targets).map((name) => [name, fixed[name]]));
  results.standaloneApi = Object.fromEntries(Object.keys(standaloneTargets).map((name) => [name, fixed[standaloneName(name)]]));
  for (const name of Object.keys(standaloneTargets)) {
    Object.assign(results.api[name], capacityRatios(name), { ratioToBareNext: +(results.api[name].maxRequestsPerSecond / nextMax).toFixed(3) });
    Object.assign(results.standaloneApi[name], capacityRatios(standaloneName(name)));
  }

  // 5c. The site on PostgreSQL (fsync on), if Debian's server is installed: the production
  // database, where writes run in another process and nothing is remembered between reads.
  const postgres = await startPostgres({ durable: true });
  if (postgres) {
    stops.push(postgres.stop);
    const pgPort = await freePort();
    const pgSite = `http://127.0.0.1:${pgPort}`;
    stops.push(
      startProcess(node, [path.join(root, 'scripts/start.mjs')], {
        cwd: root,
        env: { ...siteEnv, PORT: String(pgPort), DATABASE_URL: postgres.url, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, LOG_LEVEL: 'warn', PAYMENTS_MANUAL_ENABLED: 'true', THROTTLE_SCALE: '1000' },
      }).stop,
    );
    await waitFor(`${pgSite}/api/health`);
    const { session: pgSession } = await signUpBenchUser(pgSite, mails, 'bench-postgres');
    const onPostgres = (pathname, extra = {}) => atRate({ url: `${pgSite}/api/${pathname}`, headers: pgSession, ...extra });
    const postgresTargets = { 'GET auth/session-info': onPostgres('auth/session-info'), 'GET store/cart': onPostgres('store/cart'), 'PUT store/cart': onPostgres('store/cart', { method: 'PUT', body: cartBody }) };
    // This site process is new (the one above had served the page rounds first): without a
    // warm-up, its first round would measure start-up.
    await warmUp(postgresTargets, 4);
    results.postgresApi = { version: postgres.version, ...(await fixedRateRounds(postgresTargets)) };
  }

  // 6. Lighthouse (mobile) on the public pages in en and de.
  // The bare pages too: the floor of what a page of this framework scores on this machine, empty
  // and with as much markup as ours (the same size's floor for the main thread's work).
  const publicPages = ['/', '/contact', '/solutions/consulting', '/legal/privacy-policy', '/store/pricing'];
  const barePages = { 'bare page': '/', 'bare page of our size': '/sized' };
  if (!quick) {
    results.lighthouse = await lighthouseRuns(site, publicPages, ['en', 'de']);
    results.lighthouseBare = {};
    for (const [name, pathname] of Object.entries(barePages)) results.lighthouseBare[name] = (await lighthouseRuns(base, [pathname], ['en']))[0];
  }

  // 6b. The same pages' main-thread work in traced loads at 4× CPU, alternated with the bare pages.
  results.mainThread = await mainThreadRuns({
    ...Object.fromEntries(Object.entries(barePages).map(([name, pathname]) => [name, `${base}${pathname}`])),
    ...Object.fromEntries(publicPages.map((pathname) => [pathname, `${site}${pathname}`])),
  });

  // 7. Fresh clone → first page served.
  if (!quick && !args.includes('--no-clone')) {
    try {
      results.freshClone = await freshClone(root, work);
    } catch (error) {
      results.freshClone = { error: error instanceof Error ? error.message : String(error) };
    }
  }
} finally {
  for (const stop of stops.reverse()) await stop();
  fs.rmSync(work, { recursive: true, force: true });
}

report(results);

async function freshClone(root, work) {
  const clone = path.join(work, 'clone');
  const started = Date.now();
  timed('fresh clone', 'git', ['clone', '--quiet', root, clone]);
  timed('npm ci in the clone', 'npm', ['ci', '--no-audit', '--no-fund'], { cwd: clone });
  const port = await freePort();
  const server = startProcess('npm', ['start'], { cwd: clone, env: { ...process.env, PORT: String(port), NEXT_DIST_DIR: '' }, detached: true });
  try {
    await waitFor(`http://localhost:${port}/`, 300_000);
    return { cloneToFirstPageSeconds: (Date.now() - started) / 1000 };
  } finally {
    process.kill(-server.child.pid, 'SIGTERM');
  }
}

function report(r) {
  const lines = [];
  const row = (...cells) => lines.push(`| ${cells.join(' | ')} |`);
  lines.push(`Benchmark ${r.when} — ${r.machine}, Node ${r.node}`, '');
  row('measure', 'site', 'floor', 'ratio', 'target');
  row('---', '---', '---', '---', '---');
  for (const route of r.firstLoadJs.routes) row(`first-load JS ${route.route}`, `${(route.bytes / 1024).toFixed(1)} kB`, `${(r.firstLoadJs.barePageBytes / 1024).toFixed(1)} kB`, route.ratio, `≤ ${route.target}`);
  const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
  const pageNames = { home: 'home', homeNewVisitors: 'home, a new visitor’s cookies each', privacy: 'privacy', homeByNext: 'home by Next.js (no-cache)', privacyByNext: 'privacy by Next.js (no-cache)' };
  for (const [key, name] of Object.entries(pageNames)) {
    const page = r.throughput[key];
    // The target is the site's answer; Next.js's own is shown for what the cache saves.
    row(`req/s ${name} (HTML ${kB(page.htmlBytes)})`, page.requestsPerSecond, `${r.throughput.bare.requestsPerSecond} (HTML ${kB(r.throughput.bare.htmlBytes)})`, page.ratio, key.endsWith('ByNext') ? '' : '≥ 0.8');
    row(`req/s ${name} vs bare page of the same size`, page.requestsPerSecond, `${r.throughput.bareSized.requestsPerSecond} (HTML ${kB(r.throughput.bareSized.htmlBytes)})`, page.ratioToSameSize, '');
  }
  const latency = (value) => `p50 ${value.p50Ms} ms, p99 ${value.p99Ms} ms (rounds ${value.p99MsRounds.join(' / ')}), max ${value.maxMs} ms, ${value.errors} errors`;
  for (const [name, value] of Object.entries(r.api)) row(`API ${name} at 500/s`, latency(value), '', '', name.startsWith('bare') ? '' : 'p99 ≤ 10 ms, 0 errors');
  const ratioWithRounds = (value) => `${value.ratioToBare} (each round's own: ${value.ratioToBareRounds.join(' / ')})`;
  for (const name of ['GET store/catalog', 'GET auth/session-info']) {
    row(`API ${name} max req/s vs bare Hono`, r.api[name].maxRequestsPerSecond, r.api['bare Hono route'].maxRequestsPerSecond, ratioWithRounds(r.api[name]), '≥ 0.5');
    row(`API ${name} max req/s vs bare Next route`, r.api[name].maxRequestsPerSecond, r.api['bare Next.js Route Handler'].maxRequestsPerSecond, r.api[name].ratioToBareNext, '');
  }
  for (const [name, value] of Object.entries(r.standaloneApi)) {
    row(`standalone backend ${name} at 500/s`, latency(value), '', '', 'p99 ≤ 10 ms, 0 errors');
    row(`standalone backend ${name} max req/s vs bare Hono`, value.maxRequestsPerSecond, r.api['bare Hono route'].maxRequestsPerSecond, ratioWithRounds(value), '≥ 0.5');
  }
  for (const [name, value] of Object.entries(r.postgresApi ?? {})) {
    if (name !== 'version') row(`site on PostgreSQL ${r.postgresApi.version}: ${name} at 500/s`, latency(value), '', '', 'p99 ≤ 10 ms, 0 errors');
  }
  const scores = (page) => `perf ${page.performance} (${page.runs} runs: ${page.performanceRange.join('–')}) a11y ${page.accessibility} bp ${page.bestPractices} seo ${page.seo}`;
  for (const page of r.lighthouse ?? []) row(`Lighthouse ${page.url}`, scores(page), `LCP ${page.lcpMs} ms, CLS ${page.cls}, TBT ${page.tbtMs} ms`, '', '100/100/100/100, CLS 0, TBT 0');
  const { 'bare page': bareThread, 'bare page of our size': sizedThread, ...ourThreads } = r.mainThread;
  const thread = (value) => `busy ${value.busyMs} ms, blocking ${value.blockingMs} ms`;
  for (const [name, value] of Object.entries(ourThreads)) {
    const ratios = `busy ${+(value.busyMs / bareThread.busyMs).toFixed(2)} / ${+(value.busyMs / sizedThread.busyMs).toFixed(2)}, blocking ${+(value.blockingMs / bareThread.blockingMs).toFixed(2)} / ${+(value.blockingMs / sizedThread.blockingMs).toFixed(2)}`;
    row(`main thread at 4× CPU ${name} (median of ${value.loads} loads)`, thread(value), `bare page: ${thread(bareThread)}; of our size: ${thread(sizedThread)}`, ratios, '');
  }
  for (const [name, floor] of Object.entries(r.lighthouseBare ?? {})) row(`Lighthouse ${name} (floor)`, scores(floor), `LCP ${floor.lcpMs} ms, CLS ${floor.cls}, TBT ${floor.tbtMs} ms`, '', '');
  row('build', `${r.buildSeconds.toFixed(1)} s`, `${r.baselineBuildSeconds.toFixed(1)} s`, '', '');
  row('start → first page', `${r.startToFirstPageSeconds.toFixed(2)} s (API ${r.startToApiSeconds.toFixed(2)} s)`, '', '', '');
  if (r.freshClone) row('fresh clone → first page', r.freshClone.error ?? `${r.freshClone.cloneToFirstPageSeconds.toFixed(0)} s (clone, npm ci, build, start)`, '', '', '');
  const text = lines.join('\n');
  process.stdout.write(`\n${text}\n`);
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results/latest.json'), JSON.stringify(r, null, 2));
  fs.writeFileSync(path.join(root, 'bench/results/latest.md'), text + '\n');
}
