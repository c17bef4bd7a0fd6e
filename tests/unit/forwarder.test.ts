import http from 'node:http';
import net from 'node:net';
import { MAX_BODY_BYTES } from '@/lib/contract/http';
import { forwardToBackend } from '@/server/api-forwarder';

async function listen(server: net.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A body of `size` bytes made as it is read, so the test itself holds none of it. */
function generatedBody(size: number): { stream: ReadableStream<Uint8Array>; sent: () => number } {
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= size) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, sent: () => sent };
}

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('http://site.test/api/auth/login', {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json', ...headers },
    duplex: 'half',
  } as RequestInit);

describe('the /api forwarder with BACKEND_URL', () => {
  const saved = process.env.BACKEND_URL;
  afterAll(() => {
    process.env.BACKEND_URL = saved;
  });

  describe('without a backend', () => {
    beforeAll(async () => {
      process.env.BACKEND_URL = `http://127.0.0.1:${await closedPort()}`;
    });

    it.each([
      ['de-DE,de;q=0.9', 'Das Backend ist nicht erreichbar.'],
      ['ru', 'Сервер недоступен.'],
      ['', 'The backend is not reachable.'],
    ])('answers 502 in the caller’s language (%j)', async (acceptLanguage, message) => {
      const response = await forwardToBackend(
        new Request('http://site.test/api/app/app-info', { headers: { 'Accept-Language': acceptLanguage } }),
      );
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({ ErrorMessages: [{ Message: message, Code: 'backendUnreachable' }] });
    });
  });

  describe('with a backend', () => {
    const refusal = JSON.stringify({
      SessionInfo: null,
      ErrorMessages: [{ Message: 'Missing or invalid request-forgery token.', Code: 'xsrf' }],
    });
    const received: { path: string; bytes: number; headers: http.IncomingHttpHeaders }[] = [];
    const backend = http.createServer((request, response) => {
      let bytes = 0;
      request.on('data', (chunk: Buffer) => (bytes += chunk.length));
      request.on('end', () => {
        received.push({ path: request.url ?? '', bytes, headers: request.headers });
        // A refusal as the backend words it (the messages themselves: tests/api/app.test.ts).
        if (request.url === '/api/support/message') {
          response.writeHead(403, { 'Content-Type': 'application/json' }).end(refusal);
          return;
        }
        response.writeHead(200, { 'Content-Type': 'application/json', 'Keep-Alive': 'timeout=5' }).end('{"ok":true}');
      });
    });
    beforeAll(async () => {
      process.env.BACKEND_URL = `http://127.0.0.1:${await listen(backend)}`;
    });
    beforeEach(() => (received.length = 0));
    afterAll(() => new Promise((resolve) => backend.close(resolve)));

    it('passes a body within the limit on, and drops the connection’s own headers both ways', async () => {
      const response = await forwardToBackend(
        post(JSON.stringify({ UserName: 'a@example.com' }), { Connection: 'X-Secret', 'X-Secret': '1' }),
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('keep-alive')).toBeNull();
      expect(received).toEqual([expect.objectContaining({ path: '/api/auth/login', bytes: 28 })]);
      expect(received[0].headers['x-secret']).toBeUndefined();
    });

    it('passes a refusal on with its status and body as the backend sent them', async () => {
      const response = await forwardToBackend(new Request('http://site.test/api/support/message', { method: 'POST', body: '{}' }));
      expect(response.status).toBe(403);
      expect(await response.text()).toBe(refusal);
    });

    it('refuses a declared 100 MB body with 413 without reading it or calling the backend', async () => {
      const body = generatedBody(100 * 1024 * 1024);
      const response = await forwardToBackend(post(body.stream, { 'Content-Length': String(100 * 1024 * 1024) }));
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        SessionInfo: null,
        Errors: [{ Message: 'The request body is too large.', Code: 'bodyTooLarge' }],
      });
      expect(body.sent()).toBeLessThanOrEqual(128 * 1024);
      expect(received).toEqual([]);
    });

    it('stops reading a 100 MB body without a declared length as soon as it passes the limit', async () => {
      const body = generatedBody(100 * 1024 * 1024);
      const response = await forwardToBackend(post(body.stream));
      expect(response.status).toBe(413);
      expect(body.sent()).toBeLessThanOrEqual(MAX_BODY_BYTES + 128 * 1024);
      expect(received).toEqual([]);
    });
  });
});
