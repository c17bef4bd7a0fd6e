// Component tests talk to the real backend: `npm run server` on a fresh embedded database,
// with its mail going to a real SMTP server on loopback (tests/e2e/mail-sink-server.mjs), as
// the e2e servers run. One backend and mail sink per Jest worker, so files on different workers
// never share a database or a catalog; the origins reach the workers through env, in worker order.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../scripts/free-port.mjs';

const root = path.resolve(import.meta.dirname, '../../..');

async function waitFor(url, child, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: the process ended (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

function start(args, env) {
  return spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function startWorkerServers(dataDir) {
  const [apiPort, smtpPort, mailApiPort] = [await freePort(), await freePort(), await freePort()];
  const mail = start(['tests/e2e/mail-sink-server.mjs'], { SMTP_PORT: String(smtpPort), MAIL_API_PORT: String(mailApiPort) });
  const backend = start(['--import', 'tsx', 'server/main.ts'], {
    NODE_OPTIONS: '',
    // A test backend on plain HTTP (`npm run server` is production unless told otherwise).
    NODE_ENV: 'development',
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    PAYMENTS_MANUAL_ENABLED: 'true',
    TEST_HOOKS: 'on',
    LOG_LEVEL: 'error',
    // One app with its address and one without: the landing page shows both ways (tests/components/app-landing.test.tsx).
    APP_PDF_URL: 'https://pdf.example.com/',
    // The test's page reports each browser's address as a proxy would (runner/network.ts).
    TRUSTED_PROXIES: '1',
  });
  return {
    processes: [backend, mail],
    origin: `http://127.0.0.1:${apiPort}`,
    mailApi: `http://127.0.0.1:${mailApiPort}`,
    ready: () =>
      Promise.all([waitFor(`http://127.0.0.1:${mailApiPort}/health`, mail), waitFor(`http://127.0.0.1:${apiPort}/api/health`, backend)]),
  };
}

export default async function globalSetup(globalConfig) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'website-components-'));
  const workers = Math.max(1, globalConfig.maxWorkers);
  const servers = [];
  for (let worker = 1; worker <= workers; worker += 1) {
    const workerDir = path.join(dataDir, `worker-${worker}`);
    fs.mkdirSync(workerDir);
    servers.push(await startWorkerServers(workerDir));
  }
  globalThis.componentServers = { processes: servers.flatMap((server) => server.processes), dataDir };
  await Promise.all(servers.map((server) => server.ready()));
  process.env.COMPONENT_SITE_ORIGINS = servers.map((server) => server.origin).join(' ');
  process.env.COMPONENT_MAIL_APIS = servers.map((server) => server.mailApi).join(' ');
}
