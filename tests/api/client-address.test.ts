import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { APP_KEY, APP_KEY_HEADER, XSRF_COOKIE, XSRF_HEADER } from '@/lib/contract/http';
import { clientAddress, forwardedForWithPeer, parseTrustedProxies, publicOrigin } from '@/server/client-address';
import { loadBackendConfig } from '@/server/config';
import { startTestBackend } from './harness';

/** A backend listening on loopback, so its requests have a socket peer as in production. */
async function listeningBackend(trustedProxies: string) {
  const backend = await startTestBackend({ TRUSTED_PROXIES: trustedProxies });
  const server: ServerType = await new Promise((resolve) => {
    const started = serve({ fetch: backend.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  const session = await fetch(`${base}/auth/session-info`, { headers: { [APP_KEY_HEADER]: APP_KEY } });
  const xsrf = session.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith(`${XSRF_COOKIE}=`))!;
  /** Posts a support message with the given X-Forwarded-For: its status. */
  const sendMessage = async (forwardedFor: string, n: number) =>
    (
      await fetch(`${base}/support/message`, {
        method: 'POST',
        headers: {
          [APP_KEY_HEADER]: APP_KEY,
          [XSRF_HEADER]: decodeURIComponent(xsrf.split('=')[1]),
          Cookie: xsrf,
          'Content-Type': 'application/json',
          'X-Forwarded-For': forwardedFor,
        },
        body: JSON.stringify({ FullName: `Sender ${n}`, EmailAddress: 'sender@example.com', Message: `Message ${n}` }),
      })
    ).status;
  return {
    backend,
    sendMessage,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await backend.close();
    },
  };
}

// The support form allows 10 messages per address in 10 minutes.
const eleven = Array.from({ length: 11 }, (_, i) => i);

describe('the client address behind trusted proxies', () => {
  let site: Awaited<ReturnType<typeof listeningBackend>> | undefined;
  afterEach(async () => {
    await site?.close();
    site = undefined;
  });

  it('ignores X-Forwarded-For from a client that is not a trusted proxy: spoofed addresses share its limit', async () => {
    site = await listeningBackend('');
    const statuses = [];
    for (const i of eleven) statuses.push(await site.sendMessage(`203.0.113.${i + 1}`, i));
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });

  it.each([
    ['a hop count', '1'],
    ['an address list', '127.0.0.1, 10.0.0.0/8'],
  ])('through one trusted proxy (%s), distinct clients get distinct limits', async (_, setting) => {
    site = await listeningBackend(setting);
    const statuses = [];
    for (const i of eleven) statuses.push(await site.sendMessage(`203.0.113.${i + 1}`, i));
    expect(statuses).toEqual(Array(11).fill(200));
  });

  it('through a trusted proxy, what a client wrote into X-Forwarded-For itself does not count', async () => {
    site = await listeningBackend('1');
    const statuses = [];
    for (const i of eleven) statuses.push(await site.sendMessage(`198.51.100.${i + 1}, 203.0.113.50`, i));
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });
});

describe('addresses and origins as reported', () => {
  const probe = (trusted: string, siteUrl?: string) => {
    const app = new Hono();
    const proxies = parseTrustedProxies(trusted);
    app.get('/', (c) => c.json({ client: clientAddress(c, proxies), origin: publicOrigin(c, siteUrl, proxies) }));
    return async (headers: Record<string, string>) => (await app.request('http://backend.internal:4000/', { headers })).json();
  };

  it('takes the first untrusted address from the right', async () => {
    const chain = { 'X-Forwarded-For': '198.51.100.7, 203.0.113.9, 10.0.0.2, 10.0.0.3' };
    expect((await probe('')(chain)).client).toBe('10.0.0.3');
    expect((await probe('2')(chain)).client).toBe('203.0.113.9');
    expect((await probe('10.0.0.0/8')(chain)).client).toBe('203.0.113.9');
    expect((await probe('9')(chain)).client).toBe('198.51.100.7');
    expect((await probe('::1, 10.0.0.0/8')({ 'X-Forwarded-For': '::ffff:203.0.113.9, ::ffff:10.0.0.2' })).client).toBe('203.0.113.9');
  });

  it('behind the site server, a client’s own X-Forwarded-For does not count: the peer it appends does', async () => {
    const from = (forwarded: string | undefined, peer: string) => ({ 'X-Forwarded-For': forwardedForWithPeer(forwarded, peer) });
    // npm start: no trusted proxy, the browser connects itself.
    expect((await probe('')(from('203.0.113.9, 198.51.100.7', '192.0.2.44'))).client).toBe('192.0.2.44');
    expect((await probe('')(from(undefined, '192.0.2.44'))).client).toBe('192.0.2.44');
    // Behind nginx: nginx appended the client, and the site server appends nginx.
    expect((await probe('127.0.0.1')(from('203.0.113.9, 192.0.2.44', '127.0.0.1'))).client).toBe('192.0.2.44');
  });

  it('lets X-Forwarded-Host and -Proto count only from a trusted proxy, and SITE_URL over both', async () => {
    const forwarded = { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Host': 'shop.example.com', 'X-Forwarded-Proto': 'https' };
    expect((await probe('')(forwarded)).origin).toBe('http://backend.internal:4000');
    expect((await probe('1')(forwarded)).origin).toBe('https://shop.example.com');
    expect((await probe('1')({ ...forwarded, 'X-Forwarded-Host': 'evil.example/path?' })).origin).toBe('http://backend.internal:4000');
    expect((await probe('1', 'https://www.example.com')(forwarded)).origin).toBe('https://www.example.com');
  });

  it('refuses settings it cannot read, naming the variable', () => {
    expect(() => parseTrustedProxies('yes')).toThrow(/TRUSTED_PROXIES: "yes"/);
    expect(() => parseTrustedProxies('10.0.0.0/33')).toThrow(/TRUSTED_PROXIES/);
    expect(loadBackendConfig({ NODE_ENV: 'production', SITE_URL: 'https://www.example.com/', SECRETS_KEY: 'ab'.repeat(32) }).siteUrl).toBe(
      'https://www.example.com',
    );
  });
});
