// `npm start`: builds when the sources or SITE_URL changed since the last build, then runs
// Next.js's own production server, whose /api Route Handler runs the backend in-process on the
// embedded database (nothing to configure). PORT and HOST choose where it listens (default:
// port 3000 on every interface).
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
const say = (line) => process.stdout.write(`${line}\n`);

// NEXT_MANUAL_SIG_HANDLE: on a stop signal the site closes its embedded database before it
// exits (instrumentation.ts), instead of Next.js exiting on its own.
const env = {
  ...process.env,
  NODE_ENV: 'production',
  NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? '1',
  NEXT_MANUAL_SIG_HANDLE: 'true',
};
// Production needs the public origin; on this machine that is the address it listens on.
if (!env.SITE_URL) {
  env.SITE_URL = `http://localhost:${port}`;
  say(`Public origin: ${env.SITE_URL} (set SITE_URL for any other address).`);
}
// Without Stripe keys the store takes payments with the offline test-card provider, which a
// production server refuses unless enabled on purpose: `npm start` enables it, and says so.
if (!env.STRIPE_SECRET_KEY && env.PAYMENTS_MANUAL_ENABLED === undefined) {
  env.PAYMENTS_MANUAL_ENABLED = 'true';
  say('Payments: offline test-card provider (set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY for Stripe).');
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
  say('Building the site (first start, sources changed or another SITE_URL) …');
  const build = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build'], { cwd: root, stdio: 'inherit', env });
  if (build.status !== 0) process.exit(build.status ?? 1);
  fs.writeFileSync(builtFor, origin);
}

const listen = ['-p', port, ...(process.env.HOST ? ['-H', process.env.HOST] : [])];
const server = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', ...listen], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
