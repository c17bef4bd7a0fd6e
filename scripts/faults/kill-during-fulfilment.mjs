// Fault test: kill -9 the standalone backend at random moments while a Stripe checkout
// is being fulfilled (the return call and the webhook racing), restart it on the same embedded
// database, replay both, and count: no paid invoice lost, none doubled.
// Usage: node scripts/faults/kill-during-fulfilment.mjs [--rounds 20]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import Stripe from 'stripe';
import { freePort } from '../free-port.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 20;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'website-faults-'));
const secret = 'whsec_faults';
const signer = new Stripe('sk_test_faults');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const children = new Set();

function run(command, args, env) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr.on('data', () => {});
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

async function waitFor(url) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* starting */
    }
    await sleep(50);
  }
  throw new Error(`${url} did not come up`);
}

const [apiPort, controlPort, backendPort, smtpPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
const mails = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData: (stream, _s, done) =>
    simpleParser(stream)
      .then((m) => mails.push(m.text ?? ''))
      .then(() => done(), done),
});
// A backend killed while it sends a mail resets its connection: expected here, not a failure of the sink.
smtp.on('error', (error) => {
  if (error.code !== 'ECONNRESET') throw error;
});
await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
run(process.execPath, ['--import', 'tsx', 'tests/support/fake-stripe-server.ts'], {
  FAKE_STRIPE_PORT: String(apiPort),
  FAKE_STRIPE_CONTROL_PORT: String(controlPort),
});
await waitFor(`http://127.0.0.1:${controlPort}/health`);

const backendEnv = {
  // A test backend on plain HTTP (`npm run server` is production unless told otherwise).
  NODE_ENV: 'development',
  PORT: String(backendPort),
  DATA_DIR: path.join(work, 'data'),
  LOG_LEVEL: 'error',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  STRIPE_SECRET_KEY: 'sk_test_faults',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_faults',
  STRIPE_WEBHOOK_SECRET: secret,
  STRIPE_API_BASE: `http://127.0.0.1:${apiPort}`,
  THROTTLE_SCALE: '1000',
};
const base = `http://127.0.0.1:${backendPort}/api`;
let backend;
async function startBackend() {
  // One process (tsx as a loader, not its CLI, which would run the server in a child that
  // outlives a kill -9 of its parent): the kill below must hit the server itself.
  backend = run(process.execPath, ['--import', 'tsx', 'server/main.ts'], backendEnv);
  await waitFor(`${base}/health`);
}

// A browser-like caller with cookies, app key and XSRF header.
const jar = new Map();
async function call(method, pathname, body, extraHeaders = {}) {
  const headers = { 'x-app-key': 'bluebonnet-website', 'content-type': 'application/json', ...extraHeaders };
  if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  if (method !== 'GET' && jar.has('XSRF-TOKEN')) headers['x-xsrf-token'] = jar.get('XSRF-TOKEN');
  const response = await fetch(`${base}/${pathname}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
    if (value) jar.set(name, value);
    else jar.delete(name);
  }
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

function webhook(session, id) {
  const payload = JSON.stringify({ id, object: 'event', type: 'checkout.session.completed', data: { object: session } });
  return fetch(`${base}/payment/stripe-webhook`, {
    method: 'POST',
    headers: { 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }), 'content-type': 'application/json' },
    body: payload,
  });
}

const result = { rounds, killsDuringFulfilment: 0, paidInvoices: 0, lost: 0, doubled: 0, payments: 0 };
try {
  await startBackend();
  await call('GET', 'auth/session-info');
  const account = { UserName: `faults-${Date.now()}@example.com`, Password: 'FaultsPass1', UserAgreedToTerms: true, CookieConsent: null };
  await call('POST', 'auth/signup', account);
  for (let i = 0; i < 100 && !mails.length; i++) await sleep(100);
  const code = mails.at(-1).match(/\b([A-Z2-9]{6})\b/)[1];
  await call('POST', 'auth/signup', { ...account, Code: code });

  for (let round = 0; round < rounds; round++) {
    await call('PUT', 'store/cart', {
      Items: [{ ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: 1 }],
      BillingInfo: { Name: 'Fault Test', Address1: '1 Main St', City: 'Plano', StateCode: 'TX', PostalCode: '75024', CountryCode: 'US' },
      IsAddition: false,
    });
    const created = await call('POST', 'payment/create-stripe-session');
    const sessionId = created.body.Value.split('_secret_')[0];
    await fetch(`http://127.0.0.1:${controlPort}/control/complete/${sessionId}`, { method: 'POST' });
    const session = await new Stripe('sk_test_faults', { host: '127.0.0.1', port: apiPort, protocol: 'http' }).checkout.sessions.retrieve(
      sessionId,
    );
    // Race the return call and the webhook, and kill the backend somewhere in the middle.
    const inFlight = [
      call('POST', 'payment/stripe-return', { Value: sessionId }).catch(() => null),
      webhook(session, `evt_${round}_a`).catch(() => null),
    ];
    await sleep(Math.random() * 40);
    const exited = new Promise((resolve) => backend.once('exit', resolve));
    backend.kill('SIGKILL');
    await exited;
    // The server itself is gone (not some parent of it): nothing answers until the restart.
    if (
      await fetch(`${base}/health`).then(
        () => true,
        () => false,
      )
    )
      throw new Error('the backend still answers after kill -9');
    result.killsDuringFulfilment++;
    await Promise.all(inFlight);
    await startBackend();
    // Replay both, as the browser (reload) and Stripe (redelivery) would.
    await webhook(session, `evt_${round}_a`);
    await webhook(session, `evt_${round}_b`);
    const replayed = await call('POST', 'payment/stripe-return', { Value: sessionId });
    if (replayed.body?.Status !== 'complete') result.lost++;
  }
  const invoices = (await call('GET', 'billing/invoices')).body;
  result.paidInvoices = invoices.filter((invoice) => invoice.FullyPaidDate).length;
  result.payments = invoices.reduce((total, invoice) => total + invoice.Payments.length, 0);
  result.lost += Math.max(0, rounds - result.paidInvoices);
  result.doubled = invoices.filter((invoice) => invoice.Payments.length > 1).length + Math.max(0, result.paidInvoices - rounds);
  const subscriptions = (await call('GET', 'license/subscriptions')).body;
  result.subscriptions = subscriptions.length;
  if (subscriptions.length !== rounds) result.doubled += Math.max(0, subscriptions.length - rounds);
} finally {
  for (const child of children) child.kill('SIGKILL');
  smtp.close();
  fs.rmSync(work, { recursive: true, force: true });
}

process.stdout.write(`kill -9 during fulfilment: ${JSON.stringify(result)}\n`);
const ok = result.lost === 0 && result.doubled === 0 && result.paidInvoices === rounds && result.payments === rounds;
process.stdout.write(ok ? `fault rounds: ${rounds} ok, 0 bad\n` : `fault rounds: FAILED\n`);
process.exit(ok ? 0 : 1);
