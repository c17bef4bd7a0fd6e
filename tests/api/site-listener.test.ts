import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { APP_KEY, APP_KEY_HEADER, SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '@/lib/contract/http';
import { siteListener } from '@/server/site-listener';
import { signedUpClient, startTestBackend, type TestBackend, type TestClient } from './harness';

/*
 * `npm start`'s routing, on a real socket: /api/* to the real backend, the rest to the page
 * handler (Next.js in production; here a handler that names itself, as the e2e suite covers
 * the pages through the real server).
 */
let backend: TestBackend;
let server: http.Server;
let base: string;
beforeAll(async () => {
  backend = await startTestBackend();
  const pages: http.RequestListener = (request, response) => {
    // As Next.js does on app pages: its own Vary, set before the answer.
    if (request.url?.endsWith('?next-vary')) response.setHeader('Vary', 'rsc, Accept-Encoding');
    // As the page cache does: a kept answer's headers, which already name the cookies.
    if (request.url?.endsWith('?kept')) response.setHeader('Vary', 'rsc, cookie, accept-language');
    response.end(`page; forwarded for ${request.headers['x-forwarded-for']}`);
  };
  server = http.createServer(siteListener(getRequestListener(backend.app.fetch), pages));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await backend.close();
});

it('answers /api/* from the backend, with the API’s security headers and not the pages’', async () => {
  const response = await fetch(`${base}/api/store/catalog`, { headers: { [APP_KEY_HEADER]: APP_KEY } });
  expect(response.status).toBe(200);
  expect(((await response.json()) as unknown[]).length).toBeGreaterThan(0);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('strict-transport-security')).toContain('max-age=');
  expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(response.headers.get('permissions-policy')).toBeNull();
  expect(response.headers.get('referrer-policy')).toBeNull();
  const missingKey = await fetch(`${base}/api/store/catalog`);
  expect(missingKey.status).toBe(400);
});

// The adapter merges the backend's headers with the ones this listener set on Node's response.
it('keeps the backend’s own headers on Node’s response', async () => {
  const session = await fetch(`${base}/api/auth/session-info`, { headers: { [APP_KEY_HEADER]: APP_KEY, 'X-Request-Id': 'trace-12345678' } });
  expect(session.headers.get('x-request-id')).toBe('trace-12345678');
  expect(session.headers.get('cache-control')).toBe('no-store');
  expect(session.headers.get('content-type')).toBe('application/json');
  expect(session.headers.getSetCookie().some((line) => line.startsWith('XSRF-TOKEN='))).toBe(true);
  const catalog = await fetch(`${base}/api/store/catalog`, { headers: { [APP_KEY_HEADER]: APP_KEY } });
  expect(catalog.headers.get('vary')).toBe('Accept-Language');
  expect(catalog.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
  expect(catalog.headers.get('x-request-id')).not.toBe(session.headers.get('x-request-id'));
});

it('sends a path whose percent-encoding does not decode home, with the security headers', async () => {
  for (const path of ['/%E0%A4%A', '/contact%zz', '/_next/static/%c0']) {
    const response = await fetch(`${base}${path}`, { redirect: 'manual' });
    expect([response.status, response.headers.get('location')]).toEqual([307, '/']);
    expect(response.headers.get('content-security-policy')).toContain("object-src 'none'");
  }
});

it('hands every other path to the pages', async () => {
  for (const path of ['/', '/de/contact', '/apiary', '/store/pricing?api=1']) {
    expect(await (await fetch(`${base}${path}`)).text()).toMatch(/^page;/);
  }
});

it('adds the language rules’ Vary to pages: the cookies everywhere, the browser’s language without a prefix', async () => {
  const vary = async (path: string) => (await fetch(`${base}${path}`)).headers.get('vary');
  expect(await vary('/')).toBe('Cookie, Accept-Language');
  expect(await vary('/legal/privacy-policy?next-vary')).toBe('rsc, Accept-Encoding, Cookie, Accept-Language');
  expect(await vary('/de/contact?next-vary')).toBe('rsc, Accept-Encoding, Cookie');
  expect(await vary('/ru')).toBe('Cookie');
  expect(await vary('/contact?kept')).toBe('rsc, cookie, accept-language');
  for (const path of ['/favicon.svg', '/_next/static/chunks/a.js', '/en/contact']) expect(await vary(path)).toBeNull();
});

// With BACKEND_URL the pages' server also forwards /api, and Next keeps a client's header as it is.
it('puts the socket’s address last in X-Forwarded-For for the pages too', async () => {
  expect(await (await fetch(`${base}/de/contact`)).text()).toBe('page; forwarded for 127.0.0.1');
  expect(await (await fetch(`${base}/contact`, { headers: { 'X-Forwarded-For': '203.0.113.9' } })).text()).toBe('page; forwarded for 203.0.113.9, 127.0.0.1');
});

it('throttles by the socket’s address, whatever X-Forwarded-For the client sends', async () => {
  const statuses: number[] = [];
  let retryAfter: string | null = null;
  for (let i = 0; i < 11; i++) {
    const first = await fetch(`${base}/api/auth/session-info`, { headers: { [APP_KEY_HEADER]: APP_KEY } });
    const xsrf = first.headers.getSetCookie().find((line) => line.startsWith('XSRF-TOKEN='))!.split(';')[0];
    const response = await fetch(`${base}/api/support/message`, {
      method: 'POST',
      headers: { [APP_KEY_HEADER]: APP_KEY, 'Content-Type': 'application/json', Cookie: xsrf, 'X-XSRF-TOKEN': xsrf.split('=')[1], 'X-Forwarded-For': `198.51.100.${i}` },
      body: JSON.stringify({ FullName: 'Ann Smith', EmailAddress: 'ann@example.com', Message: `Question number ${i}` }),
    });
    statuses.push(response.status);
    retryAfter = response.headers.get('retry-after');
  }
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
  expect(statuses[10]).toBe(429);
  expect(Number(retryAfter)).toBeGreaterThan(0);
});

// The body limit reads a declared length from the header and counts only a chunked body; the
// UTF-8 check hands the validators its decoded text (server/app.ts).
describe('request bodies on a real socket', () => {
  let client: TestClient;
  const send = (body: BodyInit, chunked = false) =>
    fetch(`${base}/api/user/profile`, {
      method: 'PUT',
      headers: { [APP_KEY_HEADER]: APP_KEY, 'Content-Type': 'application/json', Cookie: `${SESSION_COOKIE}=${client.cookie(SESSION_COOKIE)}; ${XSRF_COOKIE}=${client.cookie(XSRF_COOKIE)}`, [XSRF_HEADER]: client.cookie(XSRF_COOKIE) ?? '' },
      // A stream has no length to declare: fetch sends it chunked.
      ...(chunked ? { body: new Blob([body as string]).stream(), duplex: 'half' } : { body }),
    } as RequestInit);
  const displayName = async () => (await client.call('GET', 'auth/session-info')).body.DisplayName;
  beforeAll(async () => {
    client = await signedUpClient(backend, 'socket-bodies@example.com');
  });

  it.each([false, true])('reads a JSON body in full, chunked: %s', async (chunked) => {
    const name = chunked ? 'Zoë Chunked' : 'Zoë Declared';
    expect((await send(JSON.stringify({ DisplayName: name }), chunked)).status).toBe(200);
    expect(await displayName()).toBe(name);
  });

  it.each([false, true])('refuses a body over 64 KB with 413 and changes nothing, chunked: %s', async (chunked) => {
    const before = await displayName();
    const answer = await send(JSON.stringify({ DisplayName: 'Big', Padding: 'x'.repeat(70_000) }), chunked);
    expect(answer.status).toBe(413);
    expect((await answer.json()).ErrorMessages).toHaveLength(1);
    expect(await displayName()).toBe(before);
  });

  it('refuses a body that is not UTF-8 and changes nothing', async () => {
    const before = await displayName();
    const answer = await send(Buffer.from('{"DisplayName":"Zoë Latin"}', 'latin1'));
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ ErrorMessages: [{ Message: 'The request body is not valid UTF-8.' }] });
    expect(await displayName()).toBe(before);
  });
});

// The security headers reach every form of API answer, and an answer's own header of the same
// name wins (the adapter's writeHead sets its headers after these).
describe('the security headers on any form of API answer', () => {
  let apiServer: http.Server;
  let apiBase: string;
  beforeAll(async () => {
    const api: http.RequestListener = (request, response) => {
      const form = request.url?.split('/').pop();
      if (form === 'own-frame-policy') return void response.writeHead(200, { 'X-Frame-Options': 'SAMEORIGIN', 'Content-Type': 'text/plain' }).end('own');
      if (form === 'with-message') return void response.writeHead(202, 'Taken', { 'content-type': 'text/plain' }).end('message');
      if (form === 'flat') return void response.writeHead(200, ['Content-Type', 'text/plain', 'x-content-type-options', 'nosniff']).end('flat');
      response.setHeader('content-type', 'text/plain');
      response.end('implicit');
    };
    apiServer = http.createServer(siteListener(api, () => {}));
    await new Promise<void>((resolve) => apiServer.listen(0, '127.0.0.1', resolve));
    apiBase = `http://127.0.0.1:${(apiServer.address() as AddressInfo).port}/api/form`;
  });
  afterAll(() => new Promise((resolve) => apiServer.close(resolve)));

  it.each(['implicit', 'with-message', 'flat', 'own-frame-policy'])('%s', async (form) => {
    const response = await fetch(`${apiBase}/${form}`);
    expect(await response.text()).toBe(form === 'own-frame-policy' ? 'own' : form === 'with-message' ? 'message' : form);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=/);
    // One value each: the answer's own wins over the site's, and none is sent twice.
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe(form === 'own-frame-policy' ? 'SAMEORIGIN' : 'DENY');
    expect(response.headers.get('content-type')).toBe('text/plain');
    if (form === 'with-message') expect([response.status, response.statusText]).toEqual([202, 'Taken']);
  });
});
