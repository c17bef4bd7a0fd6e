import { serve } from '@hono/node-server';
import { closeOnExit, startBackend } from './backend';

/** `npm run server`: the backend alone, for BACKEND_URL deployments. */
async function main() {
  const backend = await startBackend();
  const port = Number(process.env.PORT ?? 4000);
  const hostname = process.env.HOST ?? '127.0.0.1';
  serve({ fetch: backend.app.fetch, port, hostname }, (info) => {
    process.stdout.write(`backend listening on http://${hostname}:${info.port}/api\n`);
  });
  closeOnExit(backend);
}

main().catch((error: unknown) => {
  process.stderr.write(`backend failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
