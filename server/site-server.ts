import { createServer, type Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import next from 'next';
import { loadBackendConfig } from './config';
import { loadEnvFiles } from './env-files';
import { drainOnStop, listen } from './http-listener';
import { startFailure } from './startup-error';
import { guardSiteRequest } from './site-guard';
import { onStop } from './stop-signals';

/**
 * The site's production server (`npm start`, deploy/): Next.js's request handler through its
 * custom-server API, on a listener of our own for what `next start` does not do: the client's
 * address cannot be forged, every answer carries the security headers and a malformed address
 * is a 400 (server/site-guard.ts), and a stop drains (server/http-listener.ts) before the
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
    if (guardSiteRequest(request, response)) return;
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
  if (config.metricsPort) await serveMetrics(config.metricsPort, host);
  const { version, commit } = config.release;
  process.stdout.write(`site ${version} (${commit}) listening on http://${host ?? 'localhost'}:${port}\n`);
}

/** METRICS_PORT: the embedded backend's metrics on a port of their own, away from the site's. */
async function serveMetrics(port: number, host: string | undefined) {
  if (process.env.BACKEND_URL) {
    process.stderr.write('METRICS_PORT is ignored: with BACKEND_URL, each backend serves its own metrics at /metrics on its port\n');
    return;
  }
  // Loaded only here: a site without METRICS_PORT starts without the backend's modules of its own.
  const [{ sharedBackend }, { metricsAnswer }] = await Promise.all([import('./backend'), import('./metrics')]);
  const backend = await sharedBackend();
  backend.deps.metrics.includeProcessMetrics();
  const server = createAdaptorServer({
    fetch: async (request) =>
      (await metricsAnswer(request, async () => backend.deps.metrics)) ?? new Response('Not Found', { status: 404 }),
  }) as Server;
  const drain = drainOnStop(server, { graceMs: 0 });
  await listen(server, port, host);
  onStop('drain', () => drain.stop());
}

main().catch((error: unknown) => startFailure('site', error));
