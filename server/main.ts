import { createAdaptorServer } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeOnExit, startBackend, type Backend } from './backend';
import { loadBackendConfig } from './config';
import { loadEnvFiles } from './env-files';
import { metricsAnswer } from './metrics';
import { drainOnStop, listen } from './http-listener';
import { startFailure } from './startup-error';
import { onStop } from './stop-signals';

/**
 * `npm run server`: the backend alone (the production topology, BACKEND_URL). Production unless
 * NODE_ENV says otherwise. It takes its port before it opens the database, so a port in use
 * stops it with nothing opened; calls that come while the database opens wait for it. A stop
 * drains it first (server/http-listener.ts), then closes the database. Prometheus metrics are
 * at /metrics on the same port (server/metrics.ts).
 */
async function main() {
  Object.assign(process.env, { NODE_ENV: process.env.NODE_ENV ?? 'production' });
  loadEnvFiles();
  const config = loadBackendConfig();
  const { port = 4000, host = '127.0.0.1' } = config.listen;
  // Requests that arrive while the backend starts wait for it.
  let ready: Promise<Backend> | undefined;
  // GET /metrics beside /api: the edge routes only /api here, so only the scraper reaches it.
  const server = createAdaptorServer({
    fetch: async (request, env) =>
      (await metricsAnswer(request, async () => (await ready!).deps.metrics)) ?? (await ready!).app.fetch(request, env),
  });
  const drain = drainOnStop(server as Server, { graceMs: config.stopGraceMs });
  await listen(server as Server, port, host);
  ready = startBackend(config);
  const backend = await ready;
  backend.deps.metrics.includeProcessMetrics();
  closeOnExit(backend);
  onStop('drain', () => drain.stop());
  const { version, commit } = config.release;
  process.stdout.write(`backend ${version} (${commit}) listening on http://${host}:${(server.address() as AddressInfo).port}/api\n`);
}

main().catch((error: unknown) => startFailure('backend', error));
