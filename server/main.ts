import { serve } from '@hono/node-server';
import { closeOnExit, startBackend } from './backend';
import { loadEnvFiles, startFailure } from './env-files';

/** `npm run server`: the backend alone (the production topology, BACKEND_URL). Production unless NODE_ENV says otherwise. */
async function main() {
  Object.assign(process.env, { NODE_ENV: process.env.NODE_ENV ?? 'production' });
  loadEnvFiles();
  const backend = await startBackend();
  const { port = 4000, host = '127.0.0.1' } = backend.deps.config.listen;
  serve({ fetch: backend.app.fetch, port, hostname: host }, (info) => {
    process.stdout.write(`backend listening on http://${host}:${info.port}/api\n`);
  });
  closeOnExit(backend);
}

main().catch((error: unknown) => startFailure('backend', error));
