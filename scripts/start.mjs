// `npm start`: builds when the sources or SITE_URL changed since the last build, then runs the
// site server (server/site-server.ts: Next.js's request handler, whose /api Route Handler runs
// the backend in-process on the embedded database; nothing to configure). PORT and HOST choose
// where it listens (default: port 3000 on every interface).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import nextEnv from '@next/env';

const root = path.resolve(import.meta.dirname, '..');
const distDir = process.env.NEXT_DIST_DIR || '.next';
const buildId = path.join(root, distDir, 'BUILD_ID');
const builtFor = path.join(root, distDir, 'site-url');
const sources = [
  'app',
  'components',
  'lib',
  'i18n',
  'messages',
  'public',
  'server',
  'proxy.ts',
  'next.config.ts',
  'instrumentation.ts',
  'tailwind.config.ts',
  'package-lock.json',
];
// The .env files, read as Next.js reads them, so what they set counts for the choices below too.
nextEnv.loadEnvConfig(root, false);
const port = process.env.PORT || '3000';
// The servers `npm start` runs from this folder, one pid a line: a build would pull their files from under them.
const runningServers = path.join(root, `${distDir}.pids`);
const say = (line) => process.stdout.write(`${line}\n`);

const env = {
  ...process.env,
  NODE_ENV: 'production',
  NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? '1',
};
// Every setting is checked before anything is built, with the defaults for a newcomer who set
// none (server/start-settings.ts): a bad one stops here, named.
const checked = spawnSync(process.execPath, ['--import', 'tsx', 'server/start-settings-cli.ts'], {
  cwd: root,
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
});
if (checked.status !== 0) process.exit(checked.status ?? 1);
const { added, notes } = JSON.parse(checked.stdout.toString());
Object.assign(env, added);
notes.forEach(say);

/** The other `npm start` servers of this folder that still run. */
function otherRunningServers() {
  const pids = fs.existsSync(runningServers) ? fs.readFileSync(runningServers, 'utf8').split('\n').map(Number) : [];
  return pids.filter((pid) => {
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      return error.code === 'EPERM';
    }
  });
}

function newestChange(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(full).reduce((newest, child) => Math.max(newest, newestChange(path.join(entry, child))), stat.mtimeMs);
}

const origin = new URL(env.SITE_URL).origin;
const builtAt = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
const builtOrigin = fs.existsSync(builtFor) ? fs.readFileSync(builtFor, 'utf8') : null;
// The static pages carry the origin in their canonical and hreflang links.
if (builtAt < Math.max(...sources.map(newestChange)) || builtOrigin !== origin) {
  const running = otherRunningServers();
  if (running.length) {
    process.stderr.write(
      `site failed to start: the build in ${distDir} needs renewing, but npm start runs a server from it (pid ${running.join(', ')}); stop it first, or give this one its own NEXT_DIST_DIR\n`,
    );
    process.exit(1);
  }
  say('Building the site (first start, sources changed or another SITE_URL) …');
  const build = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build'], { cwd: root, stdio: 'inherit', env });
  if (build.status !== 0) process.exit(build.status ?? 1);
  fs.writeFileSync(builtFor, origin);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/site-server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...env, PORT: port },
});
const writeRunning = (pids) => fs.writeFileSync(runningServers, pids.map((pid) => `${pid}\n`).join(''));
writeRunning([...otherRunningServers(), process.pid]);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  writeRunning(otherRunningServers());
  process.exit(code ?? 0);
});
