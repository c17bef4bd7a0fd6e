// Restore drill: the live PostgreSQL database lost and brought back from its nightly dump, as
// docs/deploy.md ("Restoring the live database") says, timed. On a throw-away cluster: a site
// role and database as the installation makes them, customers who bought through a running
// backend, copied up to the size asked; then the nightly dump, the outage (backend stopped,
// database dropped), the restore, and the backend serving the same customers again.
// Usage: node scripts/restore-drill.mjs [--customers 20000]
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';
import { startPostgres } from './postgres.mjs';

const root = path.resolve(import.meta.dirname, '..');
const customers = Number(process.argv[process.argv.indexOf('--customers') + 1]) || 20_000;
const bought = 5;
const password = 'Drill-Password-1';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'restore-drill-'));
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);
const say = (line) => process.stdout.write(`${line}\n`);

const pg = await startPostgres();
if (!pg) throw new Error('restore drill: PostgreSQL is not installed here (apt-get install postgresql)');
const port = new URL(pg.url).port;
/** Runs one of PostgreSQL's programs as this user; a failure says what the program said. */
function as(user, database, tool, args) {
  try {
    return execFileSync(
      path.join(pg.bin, tool),
      ['-h', '127.0.0.1', '-p', port, '-U', user, ...(database ? ['-d', database] : []), ...args],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    ).toString();
  } catch (error) {
    throw new Error(`restore drill: ${tool} failed: ${error.stderr?.toString() ?? error.message}`);
  }
}
const sql = (statement, database = 'bluebonnet') => as('postgres', database, 'psql', ['-v', 'ON_ERROR_STOP=1', '-qAt', '-c', statement]);
const siteUrl = `postgres://bluebonnet:drill@127.0.0.1:${port}/bluebonnet`;

let backend;
async function startBackend() {
  const backendPort = String(await freePort());
  const started = performance.now();
  backend = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: backendPort,
      DATABASE_URL: siteUrl,
      SECRETS_KEY: 'ab'.repeat(32),
      DATA_DIR: path.join(work, 'data'),
      TEST_HOOKS: 'on',
      PAYMENTS_MANUAL_ENABLED: 'true',
      JOBS: 'off',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${backendPort}/api`;
  for (;;) {
    const status = await fetch(`${base}/ready`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return { base, readyAfter: seconds(started) };
    if (backend.exitCode !== null) throw new Error('restore drill: the backend stopped');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
async function stopBackend() {
  const stopped = new Promise((resolve) => backend.once('exit', resolve));
  backend.kill('SIGTERM');
  await stopped;
}

/** A browser-like caller of the API: its cookies, the app key, the XSRF header. */
function client(base) {
  const cookies = new Map();
  return async (method, call, body) => {
    const headers = { 'X-App-Key': 'bluebonnet-website', Cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
    if (cookies.has('XSRF-TOKEN')) headers['X-XSRF-TOKEN'] = cookies.get('XSRF-TOKEN');
    if (body) headers['Content-Type'] = 'application/json';
    const response = await fetch(`${base}/${call}`, { method, headers, body: body && JSON.stringify(body) });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    const text = await response.text();
    if (response.status !== 200) throw new Error(`restore drill: ${method} ${call} answered ${response.status}: ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
}

const billing = {
  Name: 'Drill Customer',
  Address1: '100 Main Street',
  Address2: null,
  City: 'Plano',
  StateCode: 'TX',
  PostalCode: '75024',
  CountryCode: 'US',
  IsBusinessPurchase: false,
};

/** Every row of the customers' tables once more per copy, with ids, addresses and references kept apart. */
function copyCustomers(copies) {
  const renamed = {
    email: (column) => `'copy' || n || '.' || ${column}`,
    number: (column) => `${column} || '-' || n`,
    provider_ref: (column) => `${column} || '-' || n`,
    event_key: (column) => `${column} || ':' || n`,
  };
  for (const table of ['users', 'invoices', 'invoice_lines', 'subscriptions', 'payments', 'outbox']) {
    const columns = sql(
      `select column_name || ' ' || data_type from information_schema.columns where table_name = '${table}' order by ordinal_position`,
    )
      .trim()
      .split('\n')
      .map((line) => line.split(' '));
    const names = columns.map(([name]) => `"${name}"`).join(', ');
    const values = columns
      .map(([name, type]) =>
        type === 'uuid' ? `md5("${name}"::text || ':' || n)::uuid` : renamed[name] ? renamed[name](`"${name}"`) : `"${name}"`,
      )
      .join(', ');
    sql(`insert into "${table}" (${names}) select ${values} from "${table}", generate_series(1, ${copies}) as n`);
  }
}

const counted = () =>
  Object.fromEntries(
    ['users', 'invoices', 'invoice_lines', 'payments', 'subscriptions', 'outbox'].map((table) => [
      table,
      Number(sql(`select count(*) from "${table}"`)),
    ]),
  );

try {
  // As the installation makes them (docs/deploy.md): the site's role owns its database.
  sql(`create role bluebonnet login password 'drill'`, 'postgres');
  sql('create database bluebonnet owner bluebonnet', 'postgres');
  let { base } = await startBackend();
  for (let i = 0; i < bought; i++) {
    const call = client(base);
    await call('GET', 'auth/session-info');
    await call('POST', 'test/account', { UserName: `drill${i}@example.com`, Password: password });
    await call('PUT', 'store/cart', {
      Items: [{ ServiceOfferKey: i % 2 ? 'pdf-workshop-pro-monthly' : 'personal-health-plus-monthly', Quantity: 1 }],
      BillingInfo: billing,
      IsAddition: false,
    });
    const session = await call('POST', 'payment/create-manual-session');
    const paid = await call('POST', 'payment/manual/pay', {
      ClientSecret: session.Value,
      CardNumber: '4242424242424242',
      Expiry: '12/30',
      Cvc: '123',
    });
    await call('POST', 'payment/manual-return', { Value: paid.SessionId });
  }
  let started = performance.now();
  copyCustomers(Math.ceil(customers / bought) - 1);
  sql('vacuum analyze');
  const before = counted();
  say(`restore drill on PostgreSQL ${pg.version}: ${JSON.stringify(before)} (made in ${seconds(started)} s)`);

  // The nightly dump, taken while the site runs.
  const dump = path.join(work, 'bluebonnet.dump');
  started = performance.now();
  as('postgres', 'bluebonnet', 'pg_dump', ['--format=custom', `--file=${dump}`]);
  const dumpSeconds = seconds(started);

  // The outage: the database is lost. The steps are docs/deploy.md's, in its order.
  const outage = performance.now();
  await stopBackend();
  sql('drop database bluebonnet', 'postgres');
  started = performance.now();
  as('postgres', null, 'createdb', ['-O', 'bluebonnet', 'bluebonnet']);
  as('postgres', 'bluebonnet', 'pg_restore', ['--no-owner', '--role=bluebonnet', '--jobs=2', dump]);
  const restoreSeconds = seconds(started);
  const restarted = await startBackend();
  base = restarted.base;
  const after = counted();
  if (JSON.stringify(after) !== JSON.stringify(before)) throw new Error(`restore drill: rows differ: ${JSON.stringify(after)}`);
  // A customer from the dump logs in and sees their invoice; a copy too.
  for (const email of ['drill0@example.com', `copy${Math.ceil(customers / bought) - 1}.drill4@example.com`]) {
    const call = client(base);
    await call('GET', 'auth/session-info');
    await call('POST', 'auth/login', { UserName: email, Password: password, CookieConsent: null });
    const invoices = await call('GET', 'billing/invoices');
    if (invoices.length !== 1) throw new Error(`restore drill: ${email} sees ${invoices.length} invoices`);
  }
  const downtime = seconds(outage);
  await stopBackend();
  say('| step | seconds |');
  say('|---|---|');
  say(`| pg_dump --format=custom (${(fs.statSync(dump).size / 2 ** 20).toFixed(1)} MB), while the site runs | ${dumpSeconds} |`);
  say(`| createdb -O, pg_restore --no-owner --role --jobs=2 | ${restoreSeconds} |`);
  say(`| backend start until /api/ready answers 200 | ${restarted.readyAfter} |`);
  say(`| the outage: backend stopped → serving the restored customers | ${downtime} |`);
} finally {
  if (backend && backend.exitCode === null) backend.kill('SIGKILL');
  await pg.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
