// The topology stage of `npm test`: the production shape of deploy/ on loopback
// (scripts/topology.mjs), then Playwright runs tests/topology/*.spec.ts over HTTPS. Also
// checks the unit files of deploy/systemd. Skipped, and says so, where nginx or PostgreSQL is missing.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/free-port.mjs';
import { startPostgres } from '../../scripts/postgres.mjs';
import { logTails, nginxBinary, startTopology } from '../../scripts/topology.mjs';
import { underLoad } from './rolling-restart.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const say = (line) => process.stdout.write(`topology: ${line}\n`);

/** The unit files parse and name nothing that does not exist (systemd-analyze, when installed). */
function verifyUnits(work) {
  if (spawnSync('systemd-analyze', ['--version'], { stdio: 'ignore' }).status !== 0)
    return say('systemd-analyze is not installed: unit files not verified');
  const units = path.join(work, 'units');
  fs.cpSync(path.join(root, 'deploy/systemd'), units, { recursive: true });
  // The templates as instances, as `systemctl enable` names them.
  fs.symlinkSync('bluebonnet-backend@.service', path.join(units, 'bluebonnet-backend@4001.service'));
  fs.symlinkSync('bluebonnet-next@.service', path.join(units, 'bluebonnet-next@3000.service'));
  const names = fs.readdirSync(units).filter((name) => !name.endsWith('@.service'));
  const result = spawnSync('systemd-analyze', ['verify', ...names.map((name) => path.join(units, name))], {
    env: { ...process.env, SYSTEMD_UNIT_PATH: `${units}:` },
    encoding: 'utf8',
  });
  const complaints = `${result.stdout}${result.stderr}`.trim();
  if (result.status !== 0 || complaints) throw new Error(`systemd-analyze verify:\n${complaints}`);
  say(`unit files verified: ${names.join(', ')}`);
}

if (!nginxBinary()) {
  say('nginx is not installed here (apt-get install nginx): skipped');
  process.exit(0);
}
const postgres = await startPostgres();
if (!postgres) {
  say('PostgreSQL is not installed here: skipped');
  process.exit(0);
}
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'website-topology-'));
let failed = true;
let topology;
let mail;
try {
  verifyUnits(work);
  const [smtpPort, mailApiPort] = [await freePort(), await freePort()];
  mail = spawn(process.execPath, ['tests/e2e/mail-sink-server.mjs'], {
    cwd: root,
    env: { ...process.env, SMTP_PORT: String(smtpPort), MAIL_API_PORT: String(mailApiPort) },
    stdio: 'ignore',
  });
  topology = await startTopology({
    work,
    databaseUrl: postgres.url,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'hello@topology.example',
      SUPPORT_INBOX: 'inbox@topology.example',
      PAYMENTS_MANUAL_ENABLED: 'true',
      LOG_LEVEL: 'warn',
    },
  });
  say(
    `nginx on ${topology.siteUrl} → backends ${topology.backends.map(({ port }) => port).join(', ')}; Next.js ${topology.nexts.map(({ port }) => port).join(', ')}; PostgreSQL ${postgres.version}`,
  );
  const started = Date.now();
  const rolling = await underLoad(topology.siteUrl, topology.restartEach);
  say(
    `rolling restart of every backend and Next.js server in ${((Date.now() - started) / 1000).toFixed(1)} s under load: ${rolling.total} requests, ${JSON.stringify(rolling.outcomes)}`,
  );
  if (Object.keys(rolling.errors).length) throw new Error(`the rolling restart let clients see errors: ${JSON.stringify(rolling.errors)}`);
  const run = spawnSync(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', '-c', 'tests/topology/playwright.config.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      TOPOLOGY_SITE_URL: topology.siteUrl,
      TOPOLOGY_HTTP_URL: topology.httpUrl,
      TOPOLOGY_BACKENDS: topology.backends.map(({ child, port }) => `${child.pid}:${port}`).join(','),
      TOPOLOGY_NEXT_PORT: String(topology.nexts[0].port),
      E2E_MAIL_API_PORT: String(mailApiPort),
      TOPOLOGY_ACCESS_LOG: path.join(work, 'nginx-access.json'),
    },
  });
  failed = run.status !== 0;
} catch (error) {
  process.stderr.write(`topology: ${error instanceof Error ? error.message : String(error)}\n`);
} finally {
  await topology?.stop();
  mail?.kill('SIGTERM');
  if (failed) process.stderr.write(`${logTails(work)}\n`);
  await postgres.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
