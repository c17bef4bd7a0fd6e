import http from 'node:http';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { headersRulesRead } from '../i18n/route-rules';
import { startBackend } from './backend';
import { pageCache } from './page-cache';
import { startPagesProcess } from './pages-proxy';
import { siteListener } from './site-listener';
import { stopOnSignals } from './stop-signals';

/** Where the pages process finds this one's /api (a loopback address when listening on every interface). */
function ownApiUrl(host: string | undefined, port: number) {
  const reachable = !host || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

/**
 * `npm start`: the site in two processes (issue 7). This one listens: /api/* goes straight to
 * the Hono app (server/site-listener.ts), and static pages are answered from a shared cache in
 * memory (server/page-cache.ts). Every other page request goes to Next.js in a child process
 * (server/pages-process.ts): Next's request tracking (AsyncLocalStorage, and its wrapped Date,
 * crypto, setImmediate and nextTick) slows every other request of the process it runs in.
 * The /api Route Handler (app/api/[...path]) does the API's job under `next dev`, `next start`
 * and with BACKEND_URL, but every call through it pays Next's router and Route Handler first.
 */
async function main() {
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST || undefined;
  // The pages process never opens the database: its /api forwarder, never asked while this
  // process answers /api, and its start-up hook see a backend elsewhere.
  const pagesEnv = { ...process.env, BACKEND_URL: process.env.BACKEND_URL ?? ownApiUrl(host, port) };
  // The database is closed before the process exits; exiting runs the 'exit' handlers, which
  // take the pages process and its socket folder along, also when the stop comes during start-up.
  const backendStarting = process.env.BACKEND_URL ? null : startBackend();
  const stop = stopOnSignals(async () => (await backendStarting)?.close());
  const [pages, backend] = await Promise.all([startPagesProcess(path.join(import.meta.dirname, 'pages-process.ts'), pagesEnv), backendStarting]);
  void pages.exited.then((signal) =>
    // A stop sent to the whole process group (a terminal's Ctrl-C) ends the pages process too.
    signal === 'SIGINT' || signal === 'SIGTERM' ? stop(0) : stop(1, 'site: the pages process exited; stopping'),
  );
  const handleApi = backend ? getRequestListener(backend.app.fetch) : null;
  http.createServer(siteListener(handleApi, pageCache(pages.handle, { headersThatChoose: headersRulesRead }))).listen(port, host, () => {
    process.stdout.write(`site listening on http://${host ?? 'localhost'}:${port} (pages process ${pages.pid})\n`);
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`site failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
