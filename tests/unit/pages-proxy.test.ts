import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pageCache } from '@/server/page-cache';
import { forwardTo, startPagesProcess } from '@/server/pages-proxy';

/*
 * `npm start`'s hop to the pages process, on real sockets: a server on 127.0.0.1 whose listener
 * is forwardTo(), in front of an HTTP server on a Unix socket that plays Next.js.
 */
let folder: string;
let socketPath: string;
let upstream: http.Server;
let upstreamHandler: http.RequestListener;
let site: http.Server;
let base: URL;

async function listen(server: http.Server, where: string | number) {
  await new Promise<void>((resolve) => (typeof where === 'string' ? server.listen(where, resolve) : server.listen(where, '127.0.0.1', resolve)));
}
const close = (server: http.Server) => new Promise((resolve) => server.close(resolve));

async function serve(listener: http.RequestListener) {
  site = http.createServer(listener);
  await listen(site, 0);
  base = new URL(`http://127.0.0.1:${(site.address() as AddressInfo).port}`);
}

beforeEach(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pages-proxy-test-'));
  socketPath = path.join(folder, 'pages.sock');
  upstream = http.createServer((request, response) => upstreamHandler(request, response));
  await listen(upstream, socketPath);
  await serve(forwardTo(socketPath));
});
afterEach(async () => {
  upstream.closeAllConnections();
  site.closeAllConnections();
  await Promise.all([close(upstream), close(site)]);
  fs.rmSync(folder, { recursive: true, force: true });
});

interface Answer {
  response: http.IncomingMessage;
  body: string;
}

/** One request by http.request (fetch may not send hop-by-hop headers); resolves with the whole answer. */
function request(pathname: string, options: { method?: string; headers?: http.OutgoingHttpHeaders | string[]; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(new URL(pathname, base), { method: options.method ?? 'GET', headers: options.headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ response, body }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

it('passes method, path, headers and body up, and status, headers and body back', async () => {
  upstreamHandler = (incoming, response) => {
    let body = '';
    incoming.on('data', (chunk: Buffer) => (body += chunk.toString()));
    incoming.on('end', () => {
      response.statusCode = 201;
      response.setHeader('set-cookie', ['a=1; Path=/', 'b=2; Path=/']);
      response.setHeader('vary', 'rsc, Accept-Encoding');
      response.end(JSON.stringify({ method: incoming.method, url: incoming.url, raw: incoming.rawHeaders, body }));
    });
  };
  const { response, body } = await request('/de/contact?x=1', { method: 'POST', headers: ['Host', base.host, 'X-Twice', 'one', 'x-twice', 'two', 'Content-Type', 'text/plain'], body: 'hello' });
  expect(response.statusCode).toBe(201);
  expect(response.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
  expect(response.headers.vary).toBe('rsc, Accept-Encoding');
  const seen = JSON.parse(body) as { method: string; url: string; raw: string[]; body: string };
  expect([seen.method, seen.url, seen.body]).toEqual(['POST', '/de/contact?x=1', 'hello']);
  // Repeated headers and their spelling reach the pages process as the visitor sent them.
  expect(seen.raw.join(' ')).toContain('X-Twice one x-twice two');
});

it('drops hop-by-hop headers both ways, including those the Connection header names', async () => {
  upstreamHandler = (incoming, response) => {
    response.setHeader('connection', 'x-upstream-private');
    response.setHeader('x-upstream-private', 'hop');
    response.setHeader('keep-alive', 'timeout=99');
    response.end(JSON.stringify(incoming.headers));
  };
  const { response, body } = await request('/', { headers: { connection: 'keep-alive, x-visitor-private', 'x-visitor-private': 'hop', 'x-kept': 'end-to-end', te: 'trailers', 'proxy-connection': 'keep-alive' } });
  const seen = JSON.parse(body) as http.IncomingHttpHeaders;
  expect(seen['x-kept']).toBe('end-to-end');
  expect(seen['x-visitor-private']).toBeUndefined();
  expect(seen.te).toBeUndefined();
  expect(seen['proxy-connection']).toBeUndefined();
  expect(response.headers['x-upstream-private']).toBeUndefined();
  expect(response.headers['keep-alive']).not.toBe('timeout=99');
});

it('streams the answer: the first part arrives before the pages process has finished', async () => {
  let finish = () => {};
  upstreamHandler = (_incoming, response) => {
    response.write('first part;');
    finish = () => response.end('second part');
  };
  const body = await new Promise<string>((resolve, reject) => {
    http
      .get(new URL('/streamed', base), (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (!text) finish();
          text += chunk;
        });
        response.on('end', () => resolve(text));
      })
      .on('error', reject);
  });
  expect(body).toBe('first part;second part');
});

it('answers 502, never kept, when the pages process cannot be reached', async () => {
  await close(site);
  await serve(forwardTo(path.join(folder, 'nobody-listens.sock')));
  const { response, body } = await request('/');
  expect([response.statusCode, response.headers['cache-control'], body]).toEqual([502, 'no-store', '']);
});

it('cuts the visitor’s answer off when the pages process’s answer is cut off', async () => {
  upstreamHandler = (_incoming, response) => {
    response.setHeader('content-length', '100');
    response.write('only part of it');
    setTimeout(() => response.socket?.destroy(), 20);
  };
  const complete = await new Promise<boolean>((resolve) => {
    http.get(new URL('/cut', base), (response) => {
      response.on('data', () => {});
      response.on('close', () => resolve(response.complete));
      response.on('error', () => {});
    });
  });
  expect(complete).toBe(false);
});

it('closes the request to the pages process when the visitor leaves before the answer is complete', async () => {
  // Once while the page is still being made (no byte sent yet), once halfway through it.
  for (const sendFirst of [false, true]) {
    let arrived = () => {};
    const reachedUpstream = new Promise<void>((resolve) => (arrived = resolve));
    const upstreamClosed = new Promise<boolean>((resolve) => {
      upstreamHandler = (_incoming, response) => {
        if (sendFirst) response.write('waiting');
        response.on('close', () => resolve(response.writableFinished));
        arrived();
      };
    });
    const visitor = http.get(new URL('/slow', base));
    visitor.on('error', () => {});
    await reachedUpstream;
    visitor.destroy();
    expect(await upstreamClosed).toBe(false);
  }
});

it('hands the page cache an answer it can keep, as it would Next’s own', async () => {
  let made = 0;
  upstreamHandler = (_incoming, response) => {
    made += 1;
    response.setHeader('cache-control', 's-maxage=60');
    response.setHeader('content-type', 'text/html');
    response.end(`page #${made}`);
  };
  await close(site);
  await serve(pageCache(forwardTo(socketPath)));
  const first = await request('/legal/terms-of-service');
  const second = await request('/legal/terms-of-service');
  expect([first.body, second.body, made]).toEqual(['page #1', 'page #1', 1]);
  expect(second.response.headers.age).toBeDefined();
});

describe('the pages process', () => {
  const standIn = path.resolve('tests/support/pages-stand-in.mjs');

  it('starts, answers through a socket in a folder only this user can open, and is gone with its folder when it exits', async () => {
    const pages = await startPagesProcess(standIn, process.env);
    await close(site);
    await serve(pages.handle);
    const { body } = await request('/de/contact');
    const [name, pid, socket, method, url] = body.split(' ');
    expect([name, method, url]).toEqual(['stand-in', 'GET', '/de/contact']);
    expect(fs.statSync(path.dirname(socket)).mode & 0o777).toBe(0o700);
    process.kill(Number(pid));
    expect(await pages.exited).toBe('SIGTERM');
    // Removed once the exit has been noticed.
    await new Promise((resolve) => setImmediate(resolve));
    expect(fs.existsSync(path.dirname(socket))).toBe(false);
  });

  it('fails to start, with the exit code, when the process exits before it is ready', async () => {
    await expect(startPagesProcess(standIn, { ...process.env, STAND_IN: 'fail' })).rejects.toThrow(/exited before it was ready \(code 3/);
  });
});
