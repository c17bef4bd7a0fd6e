import { expect, test } from '@playwright/test';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { APP_KEY, APP_KEY_HEADER } from '../../lib/contract/http';
import { strongPassword, uniqueEmail } from '../support/accounts';
import { expectOversizedBodiesRefused, pidListeningOn, residentMegabytes } from '../support/oversized-bodies';

/*
 * What Next.js's own server and the /api Route Handler promise in front of the backend: a body
 * over the backend's limit is refused at once on every path Next.js takes for /api, without the
 * server growing; a portal page refuses a body at once; static files may be kept for good; the language rules answer before any page;
 * a stop signal closes the embedded database.
 */

/** Sends a POST of `size` bytes whole; the answer's status. */
function postBody(port: number, path: string, size: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path, method: 'POST', headers: { 'Content-Length': String(size) } },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end(Buffer.alloc(size, 0x20));
  });
}

const sitePort = () => Number(new URL(test.info().project.use.baseURL!).port);

test('a 100 MB body is refused with 413 at once on every path to /api', async () => {
  test.setTimeout(90_000);
  await expectOversizedBodiesRefused(sitePort());
});

test('portal pages refuse a body with 405, keeping no more of it than the API would', async () => {
  test.setTimeout(90_000);
  const port = sitePort();
  const pid = pidListeningOn(port);
  const before = residentMegabytes(pid);
  // At once, so that bodies kept whole would be held together.
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) => postBody(port, ['/account/settings', '/de/store/cart', '/admin'][i % 3], 12 * 1024 * 1024)),
  );
  expect(new Set(answers)).toEqual(new Set([405]));
  expect(residentMegabytes(pid) - before).toBeLessThan(100);
});

test('Next.js’s build files may be kept for good; pages say what a shared cache may do', async ({ request }) => {
  const html = await (await request.get('/legal/privacy-policy')).text();
  const script = /src="(\/_next\/static\/[^"]+\.js)"/.exec(html)![1];
  expect((await request.get(script)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const page = await request.get('/legal/privacy-policy', { maxRedirects: 0 });
  expect(page.headers()['cache-control']).toContain('s-maxage=');
  // The language rules answer before any page: a German browser is sent to German, uncached.
  const german = await request.get('/legal/privacy-policy', { maxRedirects: 0, headers: { 'Accept-Language': 'de-DE,de;q=0.9' } });
  expect([german.status(), german.headers()['location'], german.headers()['cache-control']]).toEqual([
    307,
    '/de/legal/privacy-policy',
    undefined,
  ]);
});

test('npm start serves its embedded backend’s metrics on METRICS_PORT, not on the site’s port', async ({ request }) => {
  expect((await request.get('/api/app/countries', { headers: { [APP_KEY_HEADER]: APP_KEY } })).status()).toBe(200);
  const scraped = await fetch(`http://127.0.0.1:${process.env.E2E_METRICS_PORT}/metrics`);
  expect(scraped.status).toBe(200);
  const text = await scraped.text();
  expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/app\/countries",status="200"\} [1-9]/m);
  expect(text).toMatch(/^process_resident_memory_bytes \d/m);
  expect(await (await request.get('/metrics')).text()).not.toContain('http_request_duration_seconds');
});

test('a stop signal closes the embedded database, and the next start opens it again; with no NODE_ENV, mail renders', async () => {
  test.setTimeout(120_000);
  const dataDir = path.join(process.env.E2E_DATA_DIR ?? os.tmpdir(), 'stop-signal');
  const started: ChildProcess[] = [];
  // No connection is kept open: a stop lets idle kept connections end by themselves (a proxy
  // may be writing into one), which would make each stop wait for their timeout.
  const closing = { connection: 'close' };
  /** Starts a server on the shared data folder and waits until it answers. */
  const start = async (entry: string) => {
    const port = execFileSync(process.execPath, ['scripts/free-port.mjs']).toString();
    // As `npm run server` and `npm start` run with nothing set: each process chooses NODE_ENV itself.
    // (Next.js's types make NODE_ENV a required variable, hence the cast.)
    const environment = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV')) as NodeJS.ProcessEnv;
    const server = spawn(process.execPath, ['--import', 'tsx', entry], {
      env: {
        ...environment,
        PORT: port,
        SITE_URL: `http://localhost:${port}`,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        PAYMENTS_MANUAL_ENABLED: 'true',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    started.push(server);
    let complaints = '';
    server.stderr!.on('data', (chunk: Buffer) => (complaints += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    // A server that cannot start says why at once, instead of the poll's timeout.
    const endedEarly = exited.then((code) => {
      throw new Error(`${entry} ended (${code}) before it answered:\n${complaints}`);
    });
    // Only the race below waits on it: once the server answered, its end is the stop's.
    endedEarly.catch(() => undefined);
    await Promise.race([
      expect
        .poll(
          () =>
            fetch(`http://127.0.0.1:${port}/api/health`, { headers: closing }).then(
              (response) => response.status,
              () => 0,
            ),
          { timeout: 60_000 },
        )
        .toBe(200),
      endedEarly,
    ]);
    return { server, exited, complaints: () => complaints, api: `http://127.0.0.1:${port}/api` };
  };
  /** A sign-up's first step answers only once the mail with its code is rendered and queued. */
  const signUpMailed = async (api: string) => {
    const first = await fetch(`${api}/auth/session-info`, { headers: { ...closing, [APP_KEY_HEADER]: APP_KEY } });
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? '';
    const answer = await fetch(`${api}/auth/signup`, {
      method: 'POST',
      headers: {
        ...closing,
        [APP_KEY_HEADER]: APP_KEY,
        'content-type': 'application/json',
        'x-xsrf-token': xsrf,
        cookie: `XSRF-TOKEN=${xsrf}`,
      },
      body: JSON.stringify({ UserName: uniqueEmail(), Password: strongPassword, UserAgreedToTerms: true, CookieConsent: null }),
    });
    return answer.status;
  };
  // The site server (`npm start`) first, then the standalone backend on the database it closed:
  // both stop paths, and a database a stopped site left behind opens again.
  try {
    for (const entry of ['server/site-server.ts', 'server/main.ts']) {
      const { server, exited, complaints, api } = await start(entry);
      expect(fs.existsSync(path.join(dataDir, 'pglite.lock')), entry).toBe(true);
      expect(await signUpMailed(api), entry).toBe(200);
      server.kill('SIGTERM');
      expect(await exited, `${entry} stopped, saying: ${complaints()}`).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'pglite.lock')), entry).toBe(false);
    }
  } finally {
    // A server that failed the test must not outlive it, holding the folder and a port.
    for (const server of started) if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  }
});
