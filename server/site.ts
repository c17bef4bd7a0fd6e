import http from 'node:http';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import next from 'next';
import { sharedBackend } from './backend';
import { pageCache } from './page-cache';
import { siteListener } from './site-listener';

/**
 * `npm start`: the site and its API in one process. /api/* goes straight to the Hono app,
 * everything else to Next.js (server/site-listener.ts), whose static pages are then answered
 * from a shared cache in memory (server/page-cache.ts). The /api Route Handler
 * (app/api/[...path]) does the same job under `next dev`, `next start` and with BACKEND_URL,
 * but every call through it pays Next's router and Route Handler first: a sixth of this
 * path's throughput (issue 7).
 */
async function main() {
  const root = path.resolve(import.meta.dirname, '..');
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST || undefined;
  const site = next({ dev: false, dir: root, port, hostname: host ?? 'localhost' });
  await site.prepare();
  const handlePage = site.getRequestHandler();
  const handleApi = process.env.BACKEND_URL ? null : getRequestListener((await sharedBackend()).app.fetch);
  http.createServer(siteListener(handleApi, pageCache((request, response) => void handlePage(request, response)))).listen(port, host, () => {
    process.stdout.write(`site listening on http://${host ?? 'localhost'}:${port}\n`);
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`site failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
