// `npm start`: builds when the sources are newer than the last build, then serves the site
// with the backend in-process on the embedded database (nothing to configure). PORT and HOST
// choose where it listens (default: port 3000 on every interface).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { backendNodeFlags } from './backend-node-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const distDir = process.env.NEXT_DIST_DIR || '.next';
const buildId = path.join(root, distDir, 'BUILD_ID');
const sources = ['app', 'components', 'lib', 'i18n', 'messages', 'public', 'server', 'proxy.ts', 'next.config.ts', 'instrumentation.ts', 'package-lock.json'];

function newestChange(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(full).reduce((newest, child) => Math.max(newest, newestChange(path.join(entry, child))), stat.mtimeMs);
}

const builtAt = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newestChange))) {
  process.stdout.write('Building the site (first start or sources changed) …\n');
  const build = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Without Stripe keys the store takes payments with the offline test-card provider, which a
// production server refuses unless enabled on purpose: `npm start` enables it, and says so.
const env = { ...process.env };
if (!env.STRIPE_SECRET_KEY && env.PAYMENTS_MANUAL_ENABLED === undefined) {
  env.PAYMENTS_MANUAL_ENABLED = 'true';
  process.stdout.write('Payments: offline test-card provider (set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY for Stripe).\n');
}
// server/site.ts: the backend straight on /api, Next.js for the pages in a child process of its
// own (`next start` would route /api through the Route Handler, at a sixth of the speed).
env.NODE_ENV = 'production';
// tsx as a loader in this one process (its CLI would add a relaying parent process).
const server = spawn(process.execPath, [...backendNodeFlags, '--import', 'tsx', 'server/site.ts'], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
