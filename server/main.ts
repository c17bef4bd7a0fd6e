import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Backend } from './backend';
import { startFailure } from './startup-error';

/**
 * `npm run server`: the backend alone (the production topology, BACKEND_URL). Production unless
 * NODE_ENV says otherwise. It takes its port before it opens the database, so a port in use
 * stops it with nothing opened; calls that come while the database opens wait for it. A stop
 * drains it first (server/http-listener.ts), then closes the database. Prometheus metrics are
 * at /metrics on the same port (server/metrics.ts).
 */
async function main() {
  // Before the modules load: React picks its development or production build as it is first
  // loaded, and the mail renderer loads react-dom/server only when it renders, so a default set
  // after the imports gave the mail a production renderer of development elements (every mail
  // failed).
  Object.assign(process.env, { NODE_ENV: process.env.NODE_ENV ?? 'production' });
  const [
    { createAdaptorServer },
    { closeOnExit, startBackend },
    { loadBackendConfig },
    { loadEnvFiles },
    { metricsAnswer },
    { drainOnStop, listen },
    { onStop },
  ] = await Promise.all([
    import('@hono/node-server'),
    import('./backend'),
    import('./config'),
    import('./env-files'),
    import('./metrics'),
    import('./http-listener'),
    import('./stop-signals'),
  ]);
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
