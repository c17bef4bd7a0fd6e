import { createServer, type IncomingMessage } from 'node:http';
import next from 'next';
import { forwardedForWithPeer } from './client-address';
import { loadBackendConfig } from './config';
import { loadEnvFiles } from './env-files';
import { drainOnStop, listen } from './http-listener';
import { startFailure } from './startup-error';
import { onStop } from './stop-signals';

function appendPeer(request: IncomingMessage): void {
  const peer = request.socket.remoteAddress;
  const forwarded = request.headers['x-forwarded-for'];
  const given = Array.isArray(forwarded) ? forwarded.join(', ') : forwarded;
  if (peer) request.headers['x-forwarded-for'] = forwardedForWithPeer(given, peer);
}

/**
 * The site's production server (`npm start`, deploy/): Next.js's request handler through its
 * custom-server API, on a listener of our own for two things `next start` does not do: the
 * client's address cannot be forged, and a stop drains (server/http-listener.ts) before the
 * embedded backend, if any, closes.
 */
async function main() {
  Object.assign(process.env, { NODE_ENV: 'production' });
  loadEnvFiles();
  const config = loadBackendConfig();
  const { port = 3000, host } = config.listen;
  const site = next({ dev: false, dir: process.cwd(), hostname: host ?? 'localhost', port });
  await site.prepare();
  const handle = site.getRequestHandler();
  const server = createServer((request, response) => {
    appendPeer(request);
    handle(request, response).catch((error: unknown) => {
      process.stderr.write(
        `site: ${request.method} ${request.url?.split('?')[0]} failed: ${error instanceof Error ? error.stack : String(error)}\n`,
      );
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain' });
      response.end('Internal Server Error');
    });
  });
  const drain = drainOnStop(server, { graceMs: config.stopGraceMs });
  await listen(server, port, host);
  onStop('drain', () => drain.stop());
  onStop('close', () => site.close());
  const { version, commit } = config.release;
  process.stdout.write(`site ${version} (${commit}) listening on http://${host ?? 'localhost'}:${port}\n`);
}

main().catch((error: unknown) => startFailure('site', error));
