// `npm run soak`: a mixed load of 500 requests/s on loopback for 5 minutes (public pages,
// catalog, cart updates, logins); prints errors, p99 and the server's memory at start and end.
// Options: --minutes <n> (default 5), --rate <n> (default 500). The site runs as `npm start`
// runs it, from the .next-bench build, which scripts/start.mjs makes again when it is stale.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/free-port.mjs';
import { cannon, childrenOf, signUpBenchUser, startMailSink, startProcess, waitFor } from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name, fallback) => Number(args[args.indexOf(name) + 1]) || fallback;
const minutes = option('--minutes', 5);
const rate = option('--rate', 500);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'website-soak-'));

/** Resident memory of a process and its descendants (`npm start` → Next.js's server), in MiB. */
function rssMiB(pid) {
  const own = Number(fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
  return own + childrenOf(pid).reduce((total, child) => total + rssMiB(child), 0);
}

const [port, smtpPort] = [await freePort(), await freePort()];
const site = `http://localhost:${port}`;
const mailSink = await startMailSink(smtpPort);
const server = startProcess(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  env: {
    ...process.env,
    NEXT_DIST_DIR: '.next-bench',
    NEXT_TELEMETRY_DISABLED: '1',
    SITE_URL: site,
    PORT: String(port),
    DATA_DIR: path.join(work, 'data'),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    LOG_LEVEL: 'warn',
    THROTTLE_SCALE: '100000',
    PAYMENTS_MANUAL_ENABLED: 'true',
  },
});
try {
  process.stdout.write('… starting the site (scripts/start.mjs builds first when its build is stale)\n');
  // Long enough for a build.
  await waitFor(`${site}/api/health`, 600_000, server.child);
  // One account, made the way a visitor makes one.
  const { account, session, anonymous } = await signUpBenchUser(site, mailSink.mails, 'soak');
  const cart = JSON.stringify({
    Items: [{ ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: 1 }],
    BillingInfo: { Name: 'Soak', Address1: '1 Main St', City: 'Plano', StateCode: 'TX', PostalCode: '75024', CountryCode: 'US' },
    IsAddition: false,
  });
  const login = JSON.stringify({ UserName: account.UserName, Password: account.Password, CookieConsent: null });
  // Ten requests per round: pages, catalog and cart most, one login (argon2 is costly on purpose).
  const requests = [
    { method: 'GET', path: '/', headers: { 'accept-language': 'en' } },
    { method: 'GET', path: '/legal/privacy-policy', headers: { 'accept-language': 'en' } },
    { method: 'GET', path: '/de/solutions/consulting' },
    { method: 'GET', path: '/api/store/catalog', headers: session },
    { method: 'GET', path: '/api/auth/session-info', headers: session },
    { method: 'PUT', path: '/api/store/cart', headers: session, body: cart },
    { method: 'GET', path: '/api/store/cart', headers: session },
    { method: 'GET', path: '/api/app/app-info', headers: session },
    { method: 'GET', path: '/contact', headers: { 'accept-language': 'en' } },
    { method: 'POST', path: '/api/auth/login', headers: anonymous, body: login },
  ];
  const memoryStart = rssMiB(server.child.pid);
  const result = await cannon({ url: site, requests, connections: 50, overallRate: rate, duration: minutes * 60 }, { reportErrors: true });
  const memoryEnd = rssMiB(server.child.pid);
  const summary = {
    minutes,
    targetRate: rate,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    errors: result.errors + result.timeouts + result.non2xx,
    non2xx: result.non2xx,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    memoryStartMiB: Math.round(memoryStart),
    memoryEndMiB: Math.round(memoryEnd),
  };
  process.stdout.write(`soak: ${JSON.stringify(summary)}\n`);
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results/soak.json'), JSON.stringify(summary, null, 2));
} finally {
  await server.stop();
  mailSink.close();
  fs.rmSync(work, { recursive: true, force: true });
}
