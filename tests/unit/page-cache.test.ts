import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync, gunzipSync } from 'node:zlib';
import { pageCache, type PageCacheOptions } from '@/server/page-cache';

/*
 * The shared cache of `npm start` on a real socket, in front of a page handler that answers
 * the way Next.js does (setHeader, then end or write) and counts the answers it makes.
 */
type Answer = { status?: number; headers?: Record<string, string | string[]>; body?: string | string[]; viaWriteHead?: boolean; gzip?: boolean };
let answer: (request: http.IncomingMessage) => Answer;
let made: string[];
let clock: number;
let server: http.Server;
let base: string;

const staticPage: Answer = { headers: { 'cache-control': 's-maxage=60', vary: 'rsc, Cookie, Accept-Language', 'content-type': 'text/html; charset=utf-8' } };

function handler(request: http.IncomingMessage, response: http.ServerResponse) {
  const { status = 200, headers = {}, body = `page ${request.url} #${made.length + 1}`, viaWriteHead, gzip } = answer(request);
  made.push(request.url ?? '');
  if (viaWriteHead) return void response.writeHead(status, headers).end(body);
  response.statusCode = status;
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  if (gzip) {
    response.setHeader('content-encoding', 'gzip');
    return void response.end(gzipSync(String(body)));
  }
  // Next.js sends a prerendered page in one end(); a streamed one in writes.
  if (Array.isArray(body)) {
    for (const part of body) response.write(part);
    return void response.end();
  }
  response.end(body);
}

async function serve(options: PageCacheOptions = {}) {
  server = http.createServer(pageCache(handler, { ...options, now: () => clock }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
const stop = () => new Promise((resolve) => server.close(resolve));

beforeEach(() => {
  answer = () => staticPage;
  made = [];
  clock = 1_000_000;
  return serve();
});
afterEach(stop);

const get = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${base}${path}`, { headers });
  return { status: response.status, headers: response.headers, body: await response.text() };
};

it('answers a page marked for shared caches from memory, with the same status, headers and body', async () => {
  const first = await get('/legal/privacy-policy');
  clock += 5_000;
  const second = await get('/legal/privacy-policy');
  expect(made).toEqual(['/legal/privacy-policy']);
  expect(second.body).toBe(first.body);
  expect(second.status).toBe(200);
  for (const name of ['cache-control', 'vary', 'content-type']) expect(second.headers.get(name)).toBe(first.headers.get(name));
  expect(second.headers.get('content-length')).toBe(String(Buffer.byteLength(first.body)));
  expect([first.headers.get('age'), second.headers.get('age')]).toEqual([null, '5']);
});

it('keeps one copy per value of the headers the Vary names, and ignores the others', async () => {
  await get('/', { 'accept-language': 'en-US' });
  await get('/', { 'accept-language': 'de-DE' });
  await get('/', { cookie: 'language=ru' });
  await get('/', { 'accept-language': 'en-US', 'user-agent': 'another browser' });
  await get('/', { 'accept-language': 'de-DE' });
  expect((await get('/', { rsc: '1', 'accept-language': 'en-US' })).body).toBe('page / #4');
  await get('/?page=2', { 'accept-language': 'en-US' });
  expect(made).toEqual(['/', '/', '/', '/', '/?page=2']);
});

it('compares the headers the Vary names as headersThatChoose gives them, and passes them on as they came', async () => {
  await stop();
  // As if only a cookie named "language" chose the answer.
  const languageOnly = (headers: http.IncomingHttpHeaders) => ({ ...headers, cookie: headers.cookie?.match(/\blanguage=\w+/)?.[0] ?? '' });
  await serve({ headersThatChoose: languageOnly });
  const cookiesSeen: (string | undefined)[] = [];
  answer = (request) => (cookiesSeen.push(request.headers.cookie), staticPage);
  await get('/', { cookie: 'token=a' });
  expect((await get('/', { cookie: 'token=b' })).body).toBe('page / #1');
  expect((await get('/')).body).toBe('page / #1');
  await get('/', { cookie: 'token=a; language=de' });
  expect((await get('/', { cookie: 'language=de; token=c' })).body).toBe('page / #2');
  expect(made).toEqual(['/', '/']);
  expect(cookiesSeen).toEqual(['token=a', 'token=a; language=de']);
});

it('keeps a few copies of one address, the newest, however many values the Vary meets', async () => {
  await stop();
  await serve({ maxVariants: 2 });
  for (const language of ['a', 'b', 'c']) await get('/', { 'accept-language': language });
  await get('/', { 'accept-language': 'c' });
  await get('/', { 'accept-language': 'b' });
  await get('/', { 'accept-language': 'a' });
  expect(made).toEqual(['/', '/', '/', '/']);
});

it('keeps a streamed body and a compressed one whole', async () => {
  answer = () => ({ ...staticPage, body: ['<html>', 'ü'.repeat(5000), '</html>'] });
  const streamed = await get('/contact');
  expect((await get('/contact')).body).toBe(streamed.body);
  expect(streamed.body).toHaveLength(5013);
  answer = () => ({ ...staticPage, gzip: true });
  const raw = async () => {
    const response = await new Promise<http.IncomingMessage>((resolve) => http.get(`${base}/consulting`, { headers: { 'accept-encoding': 'gzip' } }, resolve));
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    return { encoding: response.headers['content-encoding'], body: gunzipSync(Buffer.concat(chunks)).toString() };
  };
  expect(await raw()).toEqual({ encoding: 'gzip', body: 'page /consulting #2' });
  expect(await raw()).toEqual({ encoding: 'gzip', body: 'page /consulting #2' });
  expect(made).toHaveLength(2);
});

it('asks Next again when the copy expires, and when the client asks for a fresh answer', async () => {
  await get('/pricing');
  clock += 60_000;
  await get('/pricing');
  await get('/pricing', { 'cache-control': 'no-cache' });
  await get('/pricing', { pragma: 'no-cache' });
  clock += 2_000;
  await get('/pricing', { 'cache-control': 'max-age=1' });
  expect((await get('/pricing', { 'cache-control': 'max-age=5' })).body).toBe('page /pricing #5');
  expect(made).toHaveLength(5);
});

it.each<[string, Answer, Record<string, string>?]>([
  ['without s-maxage', { headers: { 'cache-control': 'public, max-age=60' } }],
  ['private', { headers: { 'cache-control': 'private, s-maxage=60' } }],
  ['no-store', { headers: { 'cache-control': 'no-store, s-maxage=60' } }],
  ['a cookie being set', { headers: { ...staticPage.headers, 'set-cookie': 'sid=1' } }],
  ['a server error', { ...staticPage, status: 500 }],
  ['must-revalidate', { headers: { 'cache-control': 's-maxage=60, must-revalidate' } }],
  ['Vary: *', { headers: { 'cache-control': 's-maxage=60', vary: '*' } }],
  ['headers given to writeHead', { ...staticPage, viaWriteHead: true }],
  ['a body over the limit', { ...staticPage, body: 'x'.repeat((1 << 20) + 1) }],
])('never keeps an answer with %s', async (_case, page) => {
  answer = () => page;
  await get('/x');
  await get('/x');
  expect(made).toEqual(['/x', '/x']);
});

it('never keeps an answer cut off by a closed connection', async () => {
  let finishLater = () => {};
  server.removeAllListeners('request');
  server.on(
    'request',
    pageCache((request, response) => {
      made.push(request.url ?? '');
      response.setHeader('cache-control', 's-maxage=60');
      if (made.length > 1) return void response.end('whole');
      response.write('first half, ');
      finishLater = () => response.end('second half');
    }),
  );
  await new Promise<void>((resolve) => {
    const client = http.get(`${base}/cut`, (response) => response.once('data', () => client.destroy()));
    client.on('close', resolve);
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  finishLater();
  expect((await get('/cut')).body).toBe('whole');
  expect(made).toEqual(['/cut', '/cut']);
});

it("keeps the build's files (immutable), one copy per Accept-Encoding, as Next compresses them", async () => {
  answer = (request) => ({
    headers: { 'cache-control': 'public, max-age=31536000, immutable', vary: 'Accept-Encoding', 'content-type': 'text/css; charset=UTF-8' },
    body: 'body{margin:0}',
    gzip: /gzip/.test(String(request.headers['accept-encoding'])),
  });
  const chunk = '/_next/static/chunks/site.css';
  const encodings: (string | null)[] = [];
  for (const accepted of ['identity', 'gzip, br', 'gzip, br', 'identity']) {
    const { headers, body } = await get(chunk, { 'accept-encoding': accepted });
    expect(body).toBe('body{margin:0}');
    encodings.push(headers.get('content-encoding'));
  }
  expect(encodings).toEqual([null, 'gzip', 'gzip', null]);
  expect(made).toEqual([chunk, chunk]);
});

it('keeps the status of an answer HTTP lets a shared cache keep', async () => {
  answer = () => ({ ...staticPage, status: 404 });
  await get('/gone');
  expect((await get('/gone')).status).toBe(404);
  expect(made).toEqual(['/gone']);
});

it('passes other methods through and keeps nothing for them', async () => {
  for (const method of ['HEAD', 'POST']) await fetch(`${base}/x`, { method });
  await get('/x');
  expect(made).toEqual(['/x', '/x', '/x']);
});

it('lets the least recently used copy go when full', async () => {
  await stop();
  await serve({ maxBytes: 1000 });
  answer = () => ({ ...staticPage, body: 'x'.repeat(100) });
  const paths = Array.from({ length: 10 }, (_, i) => `/${i}`);
  for (const path of paths) await get(path);
  await get('/0');
  await get('/10');
  await get('/0');
  await get('/1');
  expect(made).toEqual([...paths, '/10', '/1']);
});
