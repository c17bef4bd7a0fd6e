// `node bench/pdf-downloads.mjs`: what a burst of invoice PDF downloads does to everyone else.
// One account fires 20 downloads at once (3 fresh invoices × en/de/ru, so 9 documents) while
// another caller asks GET /api/health 100 times a second; printed is the latency of those other
// calls, from the moment each was due. Three kinds of burst, alternated over --rounds rounds
// (default 3), each figure the median of its rounds:
//   rendered: every download renders its PDF, as the route did before PDFs were kept (the
//             renderer called directly, on a route this script adds);
//   kept:     the route itself, on invoices bought just before (each document rendered once);
//   kept again: the same burst once more (every document kept already).
// The standalone backend runs in a child process (this script with --serve) on a fresh embedded
// database, with the offline payment provider and the throttling limits raised.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../scripts/free-port.mjs';
import { call, median, signUpBenchUser, sleep, startMailSink, waitFor } from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const renderedPath = '/api/bench/invoice-pdf-rendered';

if (args.includes('--serve')) await serve();
else await measure();

/** The child: the standalone backend, with one route more that renders on every download. */
async function serve() {
  const { createAdaptorServer } = await import('@hono/node-server');
  const { startBackend } = await import('../server/backend.ts');
  const { loadBackendConfig } = await import('../server/config.ts');
  const { sessionOf } = await import('../server/middleware/session.ts');
  const { renderInvoicePdf } = await import('../server/pdf/invoice-pdf.ts');
  const { findOwnInvoice, toInvoiceModel } = await import('../server/services/billing/invoices.ts');
  const backend = await startBackend(loadBackendConfig());
  // After the app's guards, so it runs signed in like the real route.
  backend.app.get(renderedPath.replace('/api', '') + '/:key', async (c) => {
    const deps = c.get('deps');
    const language = c.req.query('lang') ?? 'en';
    const invoice = await toInvoiceModel(deps, await findOwnInvoice(deps.db, sessionOf(c).user.id, c.req.param('key')), language);
    const pdf = await renderInvoicePdf(invoice, language);
    return c.body(new Uint8Array(pdf), 200, { 'Content-Type': 'application/pdf', 'Cache-Control': 'private, no-store' });
  });
  const server = createAdaptorServer({ fetch: backend.app.fetch });
  server.listen(Number(process.env.PORT), '127.0.0.1');
  const stop = () => server.close(() => backend.close().then(() => process.exit(0)));
  process.once('SIGTERM', stop);
}

async function measure() {
  const rounds = Number(args[args.indexOf('--rounds') + 1]) || 3;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'website-pdf-bench-'));
  const [port, smtpPort] = [await freePort(), await freePort()];
  const site = `http://127.0.0.1:${port}`;
  const mailSink = await startMailSink(smtpPort);
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    SITE_URL: site,
    DATA_DIR: path.join(work, 'data'),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    LOG_LEVEL: 'warn',
    PAYMENTS_MANUAL_ENABLED: 'true',
    THROTTLE_SCALE: '1000',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--serve'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.stdout.write('… starting the standalone backend\n');
    await waitFor(`${site}/api/health`, 90_000, child);
    const { session } = await signUpBenchUser(site, mailSink.mails, 'pdf');
    const idle = [];
    const runs = { rendered: [], kept: [], 'kept again': [] };
    // A first burst, not counted: the process's first renders compile pdfkit's code.
    await burst(site, session, await buyInvoices(site, session), (key) => `${renderedPath}/${key}`);
    for (let round = 0; round < rounds; round++) {
      process.stdout.write(`… round ${round + 1} of ${rounds}\n`);
      idle.push(await latencies(site, sleep(1000)));
      runs.rendered.push(await burst(site, session, await buyInvoices(site, session), (key) => `${renderedPath}/${key}`));
      const keys = await buyInvoices(site, session);
      const route = (key) => `/api/billing/invoice-pdf/${key}/download`;
      runs.kept.push(await burst(site, session, keys, route));
      runs['kept again'].push(await burst(site, session, keys, route));
    }
    const summary = (results) => ({
      p50Ms: median(results.map((r) => r.p50Ms)),
      p99Ms: median(results.map((r) => r.p99Ms)),
      p99MsRounds: results.map((r) => r.p99Ms),
      maxMs: Math.max(...results.map((r) => r.maxMs)),
      burstMs: median(results.map((r) => r.burstMs)),
      calls: results.reduce((total, r) => total + r.calls, 0),
    });
    const results = {
      when: new Date().toISOString(),
      machine: `${os.cpus().length} cores`,
      node: process.version,
      rounds,
      idle: summary(idle),
      ...Object.fromEntries(Object.entries(runs).map(([name, results]) => [name, summary(results)])),
    };
    const lines = [
      '| GET /api/health at 100/s | p50 | p99 (rounds) | max | burst took |',
      '| --- | --- | --- | --- | --- |',
      ...['idle', ...Object.keys(runs)].map((name) => {
        const r = results[name];
        const what = name === 'idle' ? 'no downloads' : `during 20 downloads, ${name}`;
        return `| ${what} | ${r.p50Ms} ms | ${r.p99Ms} ms (${r.p99MsRounds.join(' / ')}) | ${r.maxMs} ms | ${name === 'idle' ? '' : `${r.burstMs} ms`} |`;
      }),
    ];
    process.stdout.write(`\n${lines.join('\n')}\n`);
    fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(root, 'bench/results/pdf-downloads.json'), JSON.stringify(results, null, 2));
  } finally {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
    mailSink.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Buys three invoices through the cart and the manual provider's test card; their keys. */
async function buyInvoices(site, session) {
  const billing = { Name: 'Bench User', Address1: '1 Main St', City: 'Plano', StateCode: 'TX', PostalCode: '75024', CountryCode: 'US' };
  const json = async (method, apiPath, body) => {
    const response = await call(`${site}/api/${apiPath}`, {
      method,
      headers: session,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status !== 200) throw new Error(`${method} ${apiPath} answered ${response.status}: ${response.text.slice(0, 200)}`);
    return JSON.parse(response.text);
  };
  const keys = [];
  for (const items of [{ 'pdf-workshop-pro-monthly': 1 }, { 'pdf-workshop-pro-yearly': 2 }, { 'consulting-architecture-review': 1 }]) {
    const held = (await json('GET', 'store/cart')).LineItems ?? [];
    const quantities = { ...Object.fromEntries(held.map((line) => [line.Key, 0])), ...items };
    await json('PUT', 'store/cart', {
      Items: Object.entries(quantities).map(([ServiceOfferKey, Quantity]) => ({ ServiceOfferKey, Quantity })),
      BillingInfo: billing,
      IsAddition: false,
    });
    const checkout = await json('POST', 'payment/create-manual-session');
    const paid = await json('POST', 'payment/manual/pay', {
      ClientSecret: checkout.Value,
      CardNumber: '4242424242424242',
      Expiry: '12/30',
      Cvc: '123',
    });
    const returned = await json('POST', 'payment/manual-return', { Value: paid.SessionId });
    if (!returned.InvoiceKey) throw new Error('the test card payment left no invoice');
    keys.push(returned.InvoiceKey);
  }
  return keys;
}

/** 20 downloads at once over the invoices × en/de/ru, with the health calls' latencies meanwhile. */
async function burst(site, session, keys, pathOf) {
  const documents = keys.flatMap((key) => ['en', 'de', 'ru'].map((lang) => `${pathOf(key)}?lang=${lang}`));
  const agent = new http.Agent({ keepAlive: false, maxSockets: 20 });
  const started = performance.now();
  const downloads = Promise.all(
    Array.from({ length: 20 }, (_, index) => get(`${site}${documents[index % documents.length]}`, { headers: session, agent })),
  ).then((answers) => {
    const failed = answers.filter((answer) => answer.status !== 200 || !answer.body.subarray(0, 5).equals(Buffer.from('%PDF-')));
    if (failed.length) throw new Error(`${failed.length} downloads failed (${failed[0].status})`);
    return performance.now() - started;
  });
  const result = await latencies(site, downloads);
  agent.destroy();
  return result;
}

/** GET /api/health every 10 ms until `work` settles; latencies from each call's due time. */
async function latencies(site, work) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  const measured = [];
  const calls = [];
  let finished = false;
  const settled = work.finally(() => (finished = true));
  const start = performance.now();
  let sent = 0;
  while (!finished) {
    for (const due = Math.floor((performance.now() - start) / 10) + 1; sent < due; sent++) {
      const dueAt = start + sent * 10;
      calls.push(
        get(`${site}/api/health`, { agent }).then((answer) => {
          if (answer.status !== 200) throw new Error(`health answered ${answer.status}`);
          measured.push(performance.now() - dueAt);
        }),
      );
    }
    await Promise.race([settled.catch(() => {}), sleep(1)]);
  }
  const burstMs = await settled;
  await Promise.all(calls);
  agent.destroy();
  const sorted = measured.sort((a, b) => a - b);
  const at = (p) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] * 100) / 100;
  return {
    p50Ms: at(50),
    p99Ms: at(99),
    maxMs: at(100),
    calls: sorted.length,
    burstMs: typeof burstMs === 'number' ? Math.round(burstMs) : undefined,
  };
}

function get(url, { headers = {}, agent }) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}
