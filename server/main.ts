import { createAdaptorServer } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { closeOnExit, startBackend, type Backend } from './backend';
import { loadBackendConfig } from './config';
import { loadEnvFiles } from './env-files';
import { StartupError, startFailure } from './startup-error';

/**
 * `npm run server`: the backend alone (the production topology, BACKEND_URL). Production unless
 * NODE_ENV says otherwise. It takes its port before it opens the database, so a port in use
 * stops it with nothing opened; calls that come while the database opens wait for it.
 */
async function main() {
  Object.assign(process.env, { NODE_ENV: process.env.NODE_ENV ?? 'production' });
  loadEnvFiles();
  const config = loadBackendConfig();
  const { port = 4000, host = '127.0.0.1' } = config.listen;
  // Requests that arrive while the backend starts wait for it.
  let ready: Promise<Backend> | undefined;
  const server = createAdaptorServer({ fetch: async (request, env) => (await ready!).app.fetch(request, env) });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new StartupError(`PORT: ${port} on ${host} is in use by another process; stop it or choose another port`)
          : error,
      ),
    );
    server.listen(port, host, resolve);
  });
  ready = startBackend(config);
  closeOnExit(await ready);
  process.stdout.write(`backend listening on http://${host}:${(server.address() as AddressInfo).port}/api\n`);
}

main().catch((error: unknown) => startFailure('backend', error));
