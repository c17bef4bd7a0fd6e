// `npm run bench`: the site against the framework floor, side by side in one run.
// Starts the site as `npm start` does (building it), a bare Next.js app, a bare Hono route, the
// standalone backend and the production topology (nginx, TLS, two backends, PostgreSQL) on
// loopback, then measures page and API throughput, API latency through the proxy, its cached
// pages against nginx serving the same bytes as a file, first-load JS, Lighthouse, main-thread
// work and start-up.
// Options: --quick (no Lighthouse, no fresh clone), --no-clone, --duration <s>.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/free-port.mjs';
import { startPostgres } from '../scripts/postgres.mjs';
import { logTails, nginxBinary, startTopology } from '../scripts/topology.mjs';
import { startAppFloor } from './app-floor.mjs';
import { startEdgeFloor } from './edge-floor.mjs';
import { fixedRateRounds, warmUp } from './fixed-rate.mjs';
import { cannon, firstLoadJs, median, signUpBenchUser, startMailSink, startProcess, timed, waitFor, whenChildRuns } from './lib.mjs';
import { lighthouseRuns } from './lighthouse.mjs';
import { mainThreadRuns } from './main-thread.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const duration = Number(args[args.indexOf('--duration') + 1]) || 8;
const node = process.execPath;
const distDir = '.next-bench';
const ROUNDS = 3;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'website-bench-'));
const results = {
  when: new Date().toISOString(),
  machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
  node: process.version,
  rounds: ROUNDS,
  durationSeconds: duration,
};
const stops = [];
const ratio = (a, b) => +(a / b).toFixed(3);
const stage = (line) => process.stdout.write(`… ${line}\n`);
const cartBody = JSON.stringify({
  Items: [{ ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: 2 }],
  BillingInfo: { Name: 'Bench User', Address1: '1 Main St', City: 'Plano', StateCode: 'TX', PostalCode: '75024', CountryCode: 'US' },
  IsAddition: false,
});
const apiCalls = (api) => ({
  'GET auth/session-info': api('auth/session-info'),
  'GET store/cart': api('store/cart'),
  'PUT store/cart': api('store/cart', { method: 'PUT', body: cartBody }),
  'GET store/catalog': api('store/catalog'),
});
const appFloorName = 'a Route Handler of this app answering the catalog’s bytes';
const viaAppFloorName = 'GET store/catalog against this app’s own Route Handler';
const edgeName = 'cached page through the nginx edge';
const edgeFloorName = 'nginx serving the same bytes as a file';
const writeName = 'PUT store/cart, one backend on PostgreSQL';
const writeFloorName = 'the same statements from a bare route';
const startedAt = Date.now();

try {
  const [sitePort, basePort, honoPort, smtpPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const site = `http://localhost:${sitePort}`;
  const base = `http://localhost:${basePort}`;

  // Mail sink: the bench users sign up with the code they receive, like a person would.
  const { mails, close: closeMailSink } = await startMailSink(smtpPort);
  stops.push(closeMailSink);
  const appEnv = { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, LOG_LEVEL: 'warn', PAYMENTS_MANUAL_ENABLED: 'true', THROTTLE_SCALE: '1000' };

  // 1. The site as `npm start` runs it: scripts/start.mjs builds, then runs the site server. The
  // build is forced (its BUILD_ID removed) so the build time is always measured; start-up is
  // timed from the moment the site server runs, seen in /proc, to the first page.
  fs.rmSync(path.join(root, distDir, 'BUILD_ID'), { force: true });
  const siteEnv = {
    ...process.env,
    ...appEnv,
    NEXT_DIST_DIR: distDir,
    SITE_URL: site,
    NEXT_TELEMETRY_DISABLED: '1',
    PORT: String(sitePort),
    DATA_DIR: path.join(work, 'data'),
  };
  stage('building and starting the site (scripts/start.mjs)');
  const spawnedAt = Date.now();
  const server = startProcess(node, [path.join(root, 'scripts/start.mjs')], { cwd: root, env: siteEnv });
  stops.push(server.stop);
  const nextStarted = whenChildRuns(server.child.pid, /server\/site-server\.ts/);
  await waitFor(`${site}/`, 600_000, server.child);
  const firstPageAt = Date.now();
  await waitFor(`${site}/api/health`, 90_000, server.child);
  const apiAt = Date.now();
  const nextAt = (await Promise.race([nextStarted, Promise.resolve(null)])) ?? spawnedAt;
  results.buildSeconds = (nextAt - spawnedAt) / 1000;
  results.startToFirstPageSeconds = (firstPageAt - nextAt) / 1000;
  results.startToApiSeconds = (apiAt - nextAt) / 1000;

  // The bare Next.js app: the same packages, outside our workspace (Next would adopt its root
  // files), linked rather than copied.
  const baseline = path.join(work, 'baseline');
  fs.mkdirSync(baseline);
  fs.cpSync(path.join(root, 'bench/baseline'), baseline, { recursive: true });
  timed('linking packages for the bare app', 'cp', ['-al', path.join(root, 'node_modules'), path.join(baseline, 'node_modules')]);
  results.baselineBuildSeconds = timed('building the bare app', node, ['node_modules/next/dist/bin/next', 'build'], {
    cwd: baseline,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  const bareNext = startProcess(node, ['node_modules/next/dist/bin/next', 'start', '-p', String(basePort)], {
    cwd: baseline,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  stops.push(bareNext.stop);
  stops.push(startProcess(node, [path.join(root, 'bench/bare-hono.mjs')], { env: { ...process.env, PORT: String(honoPort) } }).stop);
  await waitFor(`${base}/`, 90_000, bareNext.child);
  await waitFor(`http://127.0.0.1:${honoPort}/api/bare`);

  // 2. First-load JS (gzip) per route, against the bare page; the bare page under an error.tsx
  // of its own shows what Next.js adds for a page with its own error page.
  const siteJs = firstLoadJs(root, path.join(root, distDir, 'diagnostics/route-bundle-stats.json'));
  const bareJs = firstLoadJs(baseline, path.join(baseline, '.next/diagnostics/route-bundle-stats.json'));
  const bare = bareJs['/'];
  // Public pages 1.1×, account and store pages 1.5× (docs/performance.md); the staff console has none.
  const portal = (route) =>
    /account|store\/(cart|checkout|payment-return)|app\/talent|apps\/|reset-password|restore-email|staff-invite/.test(route);
  const targetOf = (route) => (/\/admin(\/|$)/.test(route) ? null : portal(route) ? 1.5 : 1.1);
  results.firstLoadJs = {
    barePageBytes: bare,
    bareWithErrorPageBytes: bareJs['/with-error'],
    routes: Object.entries(siteJs)
      .filter(([route]) => route.startsWith('/[locale]'))
      .map(([route, bytes]) => ({ route, bytes, ratio: ratio(bytes, bare), target: targetOf(route) })),
  };

  // 3. Static pages through `npm start` against the bare app's page with as much server-rendered
  // HTML ("same size", the target) and its empty page; alternated rounds, same connections.
  const pageNames = { home: 'home', privacy: 'privacy policy', bareSized: 'bare page of our size', bare: 'bare page' };
  const pages = { home: `${site}/`, privacy: `${site}/legal/privacy-policy`, bareSized: `${base}/sized`, bare: `${base}/` };
  stage(`static pages: ${ROUNDS} rounds of ${Object.keys(pages).length} × ${duration} s`);
  const pageRequest = (url) => ({ url, headers: { 'accept-language': 'en' } });
  const pageRuns = Object.fromEntries(Object.keys(pages).map((name) => [name, []]));
  const pageP99 = Object.fromEntries(Object.keys(pages).map((name) => [name, []]));
  const htmlBytes = {};
  for (const [name, url] of Object.entries(pages)) {
    const response = await fetch(url, pageRequest(url));
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    htmlBytes[name] = (await response.arrayBuffer()).byteLength;
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, url] of Object.entries(pages)) {
      const result = await cannon({ ...pageRequest(url), duration });
      pageRuns[name].push(Math.round(result.requests.average));
      pageP99[name].push(result.latency.p99);
    }
  }
  const roundRatios = (runs, floor) => runs.map((value, round) => ratio(value, floor[round]));
  results.pages = Object.fromEntries(
    Object.keys(pages).map((name) => [
      name,
      {
        name: pageNames[name],
        htmlBytes: htmlBytes[name],
        requestsPerSecond: median(pageRuns[name]),
        requestsPerSecondRounds: pageRuns[name],
        p99Ms: median(pageP99[name]),
        ratioToSameSize: ratio(median(pageRuns[name]), median(pageRuns.bareSized)),
        ratioToSameSizeRounds: roundRatios(pageRuns[name], pageRuns.bareSized),
        ratioToBare: ratio(median(pageRuns[name]), median(pageRuns.bare)),
      },
    ]),
  );

  // 4. The production topology on PostgreSQL (fsync on): API calls through nginx over HTTPS.
  // Beside it, in the same alternated rounds: the same calls through `npm start` (the Route
  // Handler and the in-process backend on its embedded database), the standalone backend
  // (`npm run server`), a bare Hono route and a bare Next.js Route Handler.
  stage('the standalone backend and the production topology');
  const { session } = await signUpBenchUser(site, mails, 'bench');
  const backendPort = await freePort();
  const backendUrl = `http://127.0.0.1:${backendPort}`;
  const backend = startProcess(node, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...appEnv, PORT: String(backendPort), SITE_URL: backendUrl, DATA_DIR: path.join(work, 'backend-data') },
  });
  stops.push(backend.stop);
  await waitFor(`${backendUrl}/api/health`, 90_000, backend.child);
  const { session: backendSession } = await signUpBenchUser(backendUrl, mails, 'bench-backend');

  const atRate = (target) => ({ ...target, rate: 500, durationSeconds: duration });
  const siteCalls = apiCalls((pathname, extra = {}) => atRate({ url: `${site}/api/${pathname}`, headers: session, ...extra }));
  const standaloneCalls = {
    'GET store/catalog': atRate({ url: `${backendUrl}/api/store/catalog`, headers: backendSession }),
    'GET auth/session-info': atRate({ url: `${backendUrl}/api/auth/session-info`, headers: backendSession }),
  };
  const bareCalls = {
    'bare Hono route': atRate({ url: `http://127.0.0.1:${honoPort}/api/bare` }),
    'bare Next.js Route Handler': atRate({ url: `${base}/api/bare` }),
  };

  let proxyCalls = {};
  // Measured unthrottled while the topology runs, each beside its floor (bench/edge-floor.mjs, bench/bare-write.mjs).
  const topologyTargets = {};
  let stopTopology = async () => {};
  const missing = !nginxBinary() ? 'nginx is not installed' : null;
  const postgres = missing ? null : await startPostgres({ durable: true });
  if (missing || !postgres) {
    results.proxyApi = { skipped: missing ?? 'PostgreSQL is not installed' };
  } else {
    const topologyWork = fs.mkdtempSync(path.join(os.tmpdir(), 'website-bench-topology-'));
    let topology;
    let edgeFloor;
    let bareWrite;
    stopTopology = async () => {
      stopTopology = async () => {};
      await edgeFloor?.stop();
      await bareWrite?.stop();
      await topology?.stop();
      await postgres.stop();
      fs.rmSync(topologyWork, { recursive: true, force: true });
    };
    stops.push(() => stopTopology());
    try {
      topology = await startTopology({
        work: topologyWork,
        databaseUrl: postgres.url,
        backendCount: 2,
        nextCount: 1,
        env: { ...appEnv, NEXT_DIST_DIR: distDir },
      });
    } catch (error) {
      process.stderr.write(`${logTails(topologyWork)}\n`);
      throw error;
    }
    const ca = fs.readFileSync(path.join(topologyWork, 'cert.pem'));
    const { session: proxySession } = await signUpBenchUser(topology.siteUrl, mails, 'bench-proxy', { ca });
    proxyCalls = apiCalls((pathname, extra = {}) =>
      atRate({ url: `${topology.siteUrl}/api/${pathname}`, headers: proxySession, ca, ...extra }),
    );
    results.proxyApi = { postgres: postgres.version, backends: topology.backends.length };
    // A page as the edge serves it from its cache, against the floor of that: the same bytes and
    // header lines from nginx as a file, with the edge's TLS and protocol settings.
    const pathname = '/legal/privacy-policy';
    try {
      edgeFloor = await startEdgeFloor({
        work: topologyWork,
        siteUrl: topology.siteUrl,
        ca,
        pathname,
        headers: pageRequest(pathname).headers,
      });
      // autocannon checks no certificate whatever it is given; the CA goes along as to every HTTPS call here.
      topologyTargets[edgeName] = { ...pageRequest(`${topology.siteUrl}${pathname}`), tlsOptions: { ca } };
      topologyTargets[edgeFloorName] = { ...pageRequest(edgeFloor.url), tlsOptions: { ca } };
      results.edgePage = { pathname, bodyBytes: edgeFloor.bodyBytes };
    } catch (error) {
      // Such as an edge that no longer caches the page: the row says so, the rest still runs.
      results.edgePage = { skipped: error instanceof Error ? error.message : String(error) };
    }
    // The cart write on one backend against its floor (bench/bare-write.mjs) on the same
    // database and cart: what the write's statements and durable commit allow on this machine.
    const bareWritePort = await freePort();
    bareWrite = startProcess(node, [path.join(root, 'bench/bare-write.mjs')], {
      env: { ...process.env, PORT: String(bareWritePort), DATABASE_URL: postgres.url },
    });
    await waitFor(`http://127.0.0.1:${bareWritePort}/health`, 30_000, bareWrite.child);
    const write = { method: 'PUT', headers: proxySession, body: cartBody, connections: 10 };
    topologyTargets[writeName] = { ...write, url: `http://127.0.0.1:${topology.backends[0].port}/api/store/cart` };
    topologyTargets[writeFloorName] = { ...write, url: `http://127.0.0.1:${bareWritePort}/api/bare/cart` };
  }

  const proxyName = (name) => `proxy ${name}`;
  const standaloneName = (name) => `standalone ${name}`;
  const fixedTargets = {
    ...Object.fromEntries(Object.entries(proxyCalls).map(([name, target]) => [proxyName(name), target])),
    ...Object.fromEntries(Object.entries(standaloneCalls).map(([name, target]) => [standaloneName(name), target])),
    ...bareCalls,
  };
  stage(`API at 500 req/s: ${ROUNDS} rounds of ${Object.keys(fixedTargets).length} × ${duration + 1} s`);
  // Processes just started answer their first second slowly (code compiling, pools opening):
  // without a warm-up, their first round would measure start-up.
  await warmUp({ ...proxyCalls, ...standaloneCalls }, 4);
  // Evenly spaced arrivals (bench/fixed-rate.mjs), not autocannon's once-a-second bursts.
  const fixed = await fixedRateRounds(fixedTargets, ROUNDS);
  for (const name of Object.keys(proxyCalls)) results.proxyApi[name] = fixed[proxyName(name)];
  results.standaloneApi = Object.fromEntries(Object.keys(standaloneCalls).map((name) => [name, fixed[standaloneName(name)]]));
  // Unthrottled, in alternated rounds as the pages of section 3, while the topology still runs.
  const topologyRuns = Object.fromEntries(Object.keys(topologyTargets).map((name) => [name, []]));
  const responseBytes = Object.fromEntries(Object.keys(topologyTargets).map((name) => [name, []]));
  if (Object.keys(topologyTargets).length)
    stage(
      `the edge's cached page and the cart write beside their floors: ${ROUNDS} rounds of ${Object.keys(topologyTargets).length} × ${duration} s`,
    );
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, target] of Object.entries(topologyTargets)) {
      const result = await cannon({ ...target, duration });
      topologyRuns[name].push(Math.round(result.requests.average));
      responseBytes[name].push(Math.round(result.throughput.total / result.requests.total));
    }
  }
  // Its five processes would otherwise sit on the memory and cores the rest measures with.
  await stopTopology();
  // npm start's calls in rounds of their own: 500 calls/s is about what its Route Handler
  // serves here, and a round that leaves it a queue would slow whichever round came next.
  stage(`API at 500 req/s through npm start: ${ROUNDS} rounds of ${Object.keys(siteCalls).length} × ${duration + 1} s`);
  const fixedSite = await fixedRateRounds(siteCalls, ROUNDS);
  results.api = { ...fixedSite, ...Object.fromEntries(Object.keys(bareCalls).map((name) => [name, fixed[name]])) };

  // 5. Capacity: unthrottled throughput, alternated rounds. The target is the catalog through
  // the site's Route Handler against the bare Route Handler; a Route Handler of our own app
  // answering the catalog's bytes splits that into the forwarder's cost and the framework's for
  // this app; the standalone backend and bare Hono show what the backend itself costs without
  // Next.js in front. The app floor is built here, where no round is running.
  const appFloor = await startAppFloor({
    root,
    work,
    catalogUrl: siteCalls['GET store/catalog'].url,
    headers: session,
    env: siteEnv,
    port: await freePort(),
  });
  stops.push(appFloor.stop);
  const capacityTargets = {
    'GET store/catalog': siteCalls['GET store/catalog'],
    'GET auth/session-info': siteCalls['GET auth/session-info'],
    'bare Next.js Route Handler': bareCalls['bare Next.js Route Handler'],
    [appFloorName]: { url: appFloor.url, headers: session },
    [standaloneName('GET store/catalog')]: standaloneCalls['GET store/catalog'],
    [standaloneName('GET auth/session-info')]: standaloneCalls['GET auth/session-info'],
    'bare Hono route': bareCalls['bare Hono route'],
  };
  stage(`API capacity: ${ROUNDS} rounds of ${Object.keys(capacityTargets).length} × ${duration} s`);
  const capacityRuns = Object.fromEntries(Object.keys(capacityTargets).map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, { url, headers }] of Object.entries(capacityTargets)) {
      capacityRuns[name].push(Math.round((await cannon({ url, headers: headers ?? {}, connections: 20, duration })).requests.average));
    }
  }
  await appFloor.stop();
  Object.assign(capacityRuns, topologyRuns);
  const capacity = (name, floor) => ({
    requestsPerSecond: median(capacityRuns[name]),
    requestsPerSecondRounds: capacityRuns[name],
    floor,
    ratio: ratio(median(capacityRuns[name]), median(capacityRuns[floor])),
    ratioRounds: roundRatios(capacityRuns[name], capacityRuns[floor]),
  });
  const floorCapacity = (name) => ({ requestsPerSecond: median(capacityRuns[name]), requestsPerSecondRounds: capacityRuns[name] });
  results.capacity = {
    'GET store/catalog': capacity('GET store/catalog', 'bare Next.js Route Handler'),
    [viaAppFloorName]: capacity('GET store/catalog', appFloorName),
    [appFloorName]: capacity(appFloorName, 'bare Next.js Route Handler'),
    'GET auth/session-info': capacity('GET auth/session-info', 'bare Next.js Route Handler'),
    [standaloneName('GET store/catalog')]: capacity(standaloneName('GET store/catalog'), 'bare Hono route'),
    [standaloneName('GET auth/session-info')]: capacity(standaloneName('GET auth/session-info'), 'bare Hono route'),
    'bare Next.js Route Handler': floorCapacity('bare Next.js Route Handler'),
    'bare Hono route': floorCapacity('bare Hono route'),
  };
  // Bytes per answer only where both sides must send the same: the edge and its file.
  for (const [name, floor, sameBytes] of [
    [edgeName, edgeFloorName, true],
    [writeName, writeFloorName, false],
  ]) {
    if (!topologyRuns[name]?.length) continue;
    const bytes = (entry) => (sameBytes ? { responseBytes: median(responseBytes[entry]) } : {});
    Object.assign(results.capacity, {
      [name]: { ...capacity(name, floor), ...bytes(name) },
      [floor]: { ...floorCapacity(floor), ...bytes(floor) },
    });
  }

  // 6. Lighthouse (mobile) on the public pages in en and de, and on the bare pages: the floor
  // of what a page of this framework scores on this machine, empty and with as much markup as ours.
  const publicPages = ['/', '/contact', '/solutions/consulting', '/legal/privacy-policy', '/store/pricing'];
  const barePages = { 'bare page': '/', 'bare page of our size': '/sized' };
  if (!quick) {
    stage('Lighthouse');
    results.lighthouse = await lighthouseRuns(site, publicPages, ['en', 'de']);
    results.lighthouseBare = {};
    for (const [name, pathname] of Object.entries(barePages))
      results.lighthouseBare[name] = (await lighthouseRuns(base, [pathname], ['en']))[0];
  }

  // 6b. The same pages' main-thread work in traced loads at 4× CPU, alternated with the bare pages.
  stage('main-thread traces');
  results.mainThread = await mainThreadRuns({
    ...Object.fromEntries(Object.entries(barePages).map(([name, pathname]) => [name, `${base}${pathname}`])),
    ...Object.fromEntries(publicPages.map((pathname) => [pathname, `${site}${pathname}`])),
  });

  // 7. Fresh clone → first page served.
  if (!quick && !args.includes('--no-clone')) {
    stage('fresh clone');
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

results.benchSeconds = Math.round((Date.now() - startedAt) / 1000);
report(results);

async function freshClone(root, work) {
  const clone = path.join(work, 'clone');
  const started = Date.now();
  timed('fresh clone', 'git', ['clone', '--quiet', root, clone]);
  timed('npm ci in the clone', 'npm', ['ci', '--no-audit', '--no-fund'], { cwd: clone });
  const port = await freePort();
  const server = startProcess('npm', ['start'], {
    cwd: clone,
    env: { ...process.env, PORT: String(port), NEXT_DIST_DIR: '' },
    detached: true,
  });
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
  const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
  lines.push(
    `Benchmark ${r.when} — ${r.machine}, Node ${r.node}; ${r.rounds} alternated rounds of ${r.durationSeconds} s, medians; ${r.benchSeconds} s in all`,
    '',
  );
  row('measure', 'site', 'floor', 'ratio', 'target');
  row('---', '---', '---', '---', '---');

  // The three targets first.
  const sized = r.pages.bareSized;
  for (const name of ['home', 'privacy']) {
    const page = r.pages[name];
    row(
      `req/s ${page.name} through npm start vs bare page of the same size`,
      `${page.requestsPerSecond} (HTML ${kB(page.htmlBytes)})`,
      `${sized.requestsPerSecond} (HTML ${kB(sized.htmlBytes)})`,
      `${page.ratioToSameSize} (rounds ${page.ratioToSameSizeRounds.join(' / ')})`,
      '≥ 0.9',
    );
  }
  const latency = (value) =>
    `p50 ${value.p50Ms} ms, p99 ${value.p99Ms} ms (rounds ${value.p99MsRounds.join(' / ')}), max ${value.maxMs} ms, ${value.errors} errors`;
  if (r.proxyApi.skipped) row('API through the proxy at 500/s', `not measured: ${r.proxyApi.skipped}`, '', '', 'p99 ≤ 10 ms, 0 errors');
  for (const [name, value] of Object.entries(r.proxyApi)) {
    if (typeof value === 'object')
      row(
        `API ${name} at 500/s through nginx (HTTPS, ${r.proxyApi.backends} backends, PostgreSQL ${r.proxyApi.postgres})`,
        latency(value),
        '',
        '',
        'p99 ≤ 10 ms, 0 errors',
      );
  }
  const capacityRow = (label, name, target) => {
    const value = r.capacity[name];
    const floor = r.capacity[value.floor];
    // Bytes on the wire per answer, head included, where both sides must send the same.
    const size = (entry) => (entry.responseBytes ? `answers ${kB(entry.responseBytes)}` : '');
    row(
      label,
      value.responseBytes ? `${value.requestsPerSecond} (${size(value)})` : value.requestsPerSecond,
      `${floor.requestsPerSecond} (${[value.floor, size(floor)].filter(Boolean).join(', ')})`,
      `${value.ratio} (rounds ${value.ratioRounds.join(' / ')})`,
      target,
    );
  };
  capacityRow('API GET store/catalog max req/s through the Route Handler vs bare Route Handler', 'GET store/catalog', '≥ 0.9');
  capacityRow('… of which the forwarder and backend: the catalog vs a Route Handler of this app answering its bytes', viaAppFloorName, '');
  capacityRow('… and Next.js for this app: that Route Handler vs the bare one', appFloorName, '');
  const edgeLabel = 'req/s privacy policy cached at the nginx edge vs nginx serving the same bytes as a file (HTTPS)';
  if (r.capacity[edgeName]) capacityRow(edgeLabel, edgeName, '≥ 0.8');
  else row(edgeLabel, `not measured: ${r.edgePage?.skipped ?? r.proxyApi.skipped}`, '', '', '≥ 0.8');
  // The floor of the PUT store/cart row above: the writes one cart allows, ours and a bare route's.
  if (r.capacity[writeName]) capacityRow(`API ${writeName}, max writes/s to one cart vs ${writeFloorName}`, writeName, '');

  // Without a target.
  for (const route of r.firstLoadJs.routes)
    row(
      `first-load JS ${route.route}`,
      kB(route.bytes),
      kB(r.firstLoadJs.barePageBytes),
      route.ratio,
      route.target ? `≤ ${route.target}` : '',
    );
  const withError = r.firstLoadJs.bareWithErrorPageBytes;
  row(
    'first-load JS, the bare page under its own error.tsx',
    kB(withError),
    kB(r.firstLoadJs.barePageBytes),
    ratio(withError, r.firstLoadJs.barePageBytes),
    '',
  );
  for (const name of ['home', 'privacy']) {
    const page = r.pages[name];
    row(
      `req/s ${page.name} vs the empty bare page`,
      page.requestsPerSecond,
      `${r.pages.bare.requestsPerSecond} (HTML ${kB(r.pages.bare.htmlBytes)})`,
      page.ratioToBare,
      '',
    );
  }
  for (const [name, value] of Object.entries(r.api))
    row(`API ${name} at 500/s${name.startsWith('bare') ? '' : ' through npm start (embedded database)'}`, latency(value), '', '', '');
  for (const [name, value] of Object.entries(r.standaloneApi))
    row(`API ${name} at 500/s, standalone backend (embedded database)`, latency(value), '', '', '');
  capacityRow('API GET auth/session-info max req/s through the Route Handler vs bare Route Handler', 'GET auth/session-info', '');
  capacityRow('API GET store/catalog max req/s, standalone backend vs bare Hono', 'standalone GET store/catalog', '');
  capacityRow('API GET auth/session-info max req/s, standalone backend vs bare Hono', 'standalone GET auth/session-info', '');
  const scores = (page) =>
    `perf ${page.performance} (${page.runs} runs: ${page.performanceRange.join('–')}) a11y ${page.accessibility} bp ${page.bestPractices} seo ${page.seo}`;
  for (const page of r.lighthouse ?? [])
    row(`Lighthouse ${page.url}`, scores(page), `LCP ${page.lcpMs} ms, CLS ${page.cls}, TBT ${page.tbtMs} ms`, '', '');
  for (const [name, floor] of Object.entries(r.lighthouseBare ?? {}))
    row(`Lighthouse ${name} (floor)`, scores(floor), `LCP ${floor.lcpMs} ms, CLS ${floor.cls}, TBT ${floor.tbtMs} ms`, '', '');
  const { 'bare page': bareThread, 'bare page of our size': sizedThread, ...ourThreads } = r.mainThread;
  const thread = (value) => `busy ${value.busyMs} ms, blocking ${value.blockingMs} ms`;
  for (const [name, value] of Object.entries(ourThreads)) {
    const ratios = `busy ${+(value.busyMs / bareThread.busyMs).toFixed(2)} / ${+(value.busyMs / sizedThread.busyMs).toFixed(2)}, blocking ${+(value.blockingMs / bareThread.blockingMs).toFixed(2)} / ${+(value.blockingMs / sizedThread.blockingMs).toFixed(2)}`;
    row(
      `main thread at 4× CPU ${name} (median of ${value.loads} loads)`,
      thread(value),
      `bare page: ${thread(bareThread)}; of our size: ${thread(sizedThread)}`,
      ratios,
      '',
    );
  }
  row('build (npm start’s)', `${r.buildSeconds.toFixed(1)} s`, `${r.baselineBuildSeconds.toFixed(1)} s`, '', '');
  row('site server → first page', `${r.startToFirstPageSeconds.toFixed(2)} s (API ${r.startToApiSeconds.toFixed(2)} s)`, '', '', '');
  if (r.freshClone)
    row(
      'fresh clone → first page',
      r.freshClone.error ?? `${r.freshClone.cloneToFirstPageSeconds.toFixed(0)} s (clone, npm ci, build, start)`,
      '',
      '',
      '',
    );
  // The same-size floor is fair only while it weighs what our pages weigh.
  const drift = ['home', 'privacy'].map((name) => r.pages[name].htmlBytes / sized.htmlBytes).filter((share) => Math.abs(share - 1) > 0.1);
  if (drift.length)
    lines.push(
      '',
      `Note: the bare page of our size has ${kB(sized.htmlBytes)} of HTML, ours ${kB(r.pages.home.htmlBytes)} / ${kB(r.pages.privacy.htmlBytes)}: match its section count (bench/baseline/app/sized/page.tsx) to our pages.`,
    );
  const text = lines.join('\n');
  process.stdout.write(`\n${text}\n`);
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results/latest.json'), JSON.stringify(r, null, 2));
  fs.writeFileSync(path.join(root, 'bench/results/latest.md'), text + '\n');
}
