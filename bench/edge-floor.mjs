// The floor of the edge's cached pages: a second nginx that serves the very bytes the edge
// answers from its cache as a static file, with the edge's TLS and protocol settings, so what
// the two differ by is the proxy and its cache.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { freePort } from '../scripts/free-port.mjs';
import { nginxBinary } from '../scripts/topology.mjs';
import { sleep, startProcess } from './lib.mjs';

// nginx writes these itself on both sides (Content-Type from default_type below).
const ownHeaders = new Set(['server', 'date', 'content-length', 'content-type', 'connection', 'keep-alive', 'transfer-encoding']);

// One answer with its raw header list (repeats and order kept) and its body as sent, never decoded.
function get(url, headers, ca) {
  return new Promise((resolve, reject) => {
    const request = https.get(url, { headers, ca, agent: false }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, rawHeaders: response.rawHeaders, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

// Asks until the edge answers from its cache (its X-Cache-Status), so the bytes kept are the
// ones the load will get.
async function cachedAnswer(url, headers, ca) {
  const seen = [];
  for (let attempt = 0; attempt < 20; attempt++) {
    const answer = await get(url, headers, ca);
    const lines = [];
    for (let i = 0; i < answer.rawHeaders.length; i += 2) lines.push([answer.rawHeaders[i], answer.rawHeaders[i + 1]]);
    const status = lines.find(([name]) => name.toLowerCase() === 'x-cache-status')?.[1] ?? 'none';
    if (answer.status === 200 && status === 'HIT') return { lines, body: answer.body };
    seen.push(`${answer.status} ${status}`);
    await sleep(100);
  }
  throw new Error(`${url} was never answered from the edge's cache (status, X-Cache-Status: ${seen.join(', ')})`);
}

// The directives of a block's top level, one per line as the rendered files have them.
function topLevel(lines) {
  let depth = 0;
  const found = [];
  for (const line of lines) {
    if (depth === 0 && line && !line.startsWith('#') && !line.endsWith('{')) found.push(line);
    depth += (line.match(/{/g) ?? []).length - (line.match(/}/g) ?? []).length;
  }
  return found;
}

// The HTTPS server block of the rendered edge configuration, its inside only.
function httpsServer(lines) {
  for (let start = 0; start < lines.length; start++) {
    if (lines[start] !== 'server {') continue;
    let depth = 1;
    let end = start + 1;
    for (; end < lines.length && depth > 0; end++) depth += (lines[end].match(/{/g) ?? []).length - (lines[end].match(/}/g) ?? []).length;
    const inside = lines.slice(start + 1, end - 1);
    if (topLevel(inside).some((line) => /^listen\s.*\bssl\b/.test(line))) return inside;
  }
  throw new Error('the edge configuration has no server block listening with ssl');
}

// nginx takes `\"` and `\\` inside a double-quoted value, but a `$` would be read as a variable.
const quoted = (value) => {
  if (value.includes('$')) throw new Error(`a header value holds a $, which nginx would read as a variable: ${value}`);
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
};

/**
 * Starts the floor beside the running topology of `work` (scripts/topology.mjs writes its
 * nginx.conf, bluebonnet.conf, cert.pem and key.pem there): fetches `pathname` from the edge
 * at `siteUrl` with `headers` (those the load will send) until the edge answers it from its
 * cache, then serves those bytes at the same path. `ca` is the topology's certificate.
 * Resolves with the floor's URL, the size of the body kept, and `stop()`.
 * @param {{ work: string, siteUrl: string, ca: string | Buffer, pathname: string, headers?: Record<string, string> }} options
 */
export async function startEdgeFloor({ work, siteUrl, ca, pathname, headers = { 'accept-language': 'en' } }) {
  if (!/^\/[\w./-]*$/.test(pathname)) throw new Error(`the floor serves a plain path, not ${pathname}`);
  const nginx = nginxBinary();
  if (!nginx) throw new Error('nginx is not installed (apt-get install nginx)');
  const { lines: answerHeaders, body } = await cachedAnswer(new URL(pathname, siteUrl), headers, ca);

  const read = (name) =>
    fs
      .readFileSync(path.join(work, name), 'utf8')
      .split('\n')
      .map((line) => line.trim());
  const main = topLevel(read('nginx.conf'));
  const edge = read('bluebonnet.conf');
  const server = topLevel(httpsServer(edge));
  // The edge's process settings (the user its workers run as above all), and what shapes the
  // connection and the answer's head: TLS, HTTP/2, keepalive, server_tokens (the Server line).
  // Not its access log: the floor writes none, so the log's cost is the edge's.
  const settings = /^(user|worker_\w+|events)\s/;
  const connection = /^(ssl_\w+|http2\w*|keepalive_\w+|server_tokens|sendfile|tcp_\w+)\s/;
  const [listen, ...listens] = server.filter((line) => line.startsWith('listen '));
  if (!listen || listens.length) throw new Error(`the edge's HTTPS server should have one listen line, not ${[listen, ...listens].length}`);
  const port = await freePort();

  const floor = path.join(work, 'edge-floor');
  fs.mkdirSync(floor, { recursive: true });
  // The workers (nobody under root) read the file: the folder and it must be open to them.
  fs.chmodSync(floor, 0o755);
  const file = path.join(floor, 'answer');
  fs.writeFileSync(file, body, { mode: 0o644 });
  const contentType = answerHeaders.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? 'application/octet-stream';
  // Every header line of the edge's answer (the page's security headers, Vary, Cache-Control,
  // ETag, Next.js's own, Content-Encoding if any, X-Cache-Status), so both heads weigh the same:
  // each header line costs the client too. nginx's own Last-Modified and Accept-Ranges, which
  // the edge's cached answer has not, are taken off.
  const copied = answerHeaders
    .filter(([name]) => !ownHeaders.has(name.toLowerCase()))
    .map(([name, value]) => `      add_header ${name} ${quoted(value)};`);
  const temp = (name) => `  ${name}_temp_path ${path.join(floor, `nginx-${name}`)};`;
  const config = path.join(floor, 'nginx.conf');
  fs.writeFileSync(
    config,
    [
      ...main.filter((line) => settings.test(line)),
      'daemon off;',
      `pid ${path.join(floor, 'nginx.pid')};`,
      `error_log ${path.join(floor, 'nginx-error.log')} warn;`,
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp),
      ...topLevel(edge)
        .filter((line) => connection.test(line))
        .map((line) => `  ${line}`),
      '  server {',
      `    ${listen.replace(/^listen\s+\S+/, `listen 127.0.0.1:${port}`)}`,
      ...server.filter((line) => connection.test(line)).map((line) => `    ${line}`),
      `    location = ${pathname} {`,
      `      alias ${file};`,
      '      types { }',
      `      default_type ${quoted(contentType)};`,
      '      etag off;',
      '      max_ranges 0;',
      '      add_header Last-Modified "";',
      ...copied,
      '    }',
      '  }',
      '}',
      '',
    ].join('\n'),
  );
  execFileSync(nginx, ['-t', '-q', '-c', config], { stdio: 'inherit' });
  const served = startProcess(nginx, ['-c', config]);
  const url = `https://localhost:${port}${pathname}`;
  try {
    for (const until = Date.now() + 30_000; ; await sleep(100)) {
      if (served.child.exitCode !== null) throw new Error(`the floor's nginx ended (${served.child.exitCode}); its log is in ${floor}`);
      if (Date.now() > until) throw new Error(`the floor's nginx did not answer ${url} within 30 s`);
      try {
        if ((await get(url, headers, ca)).status === 200) break;
      } catch {
        // not listening yet
      }
    }
  } catch (error) {
    await served.stop();
    throw error;
  }
  return { url, bodyBytes: body.length, stop: served.stop };
}
