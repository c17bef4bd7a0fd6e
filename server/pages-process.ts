import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import next from 'next';

/**
 * The Next.js half of `npm start`, in a process of its own (server/pages-proxy.ts starts it):
 * it answers the page requests the site's process passes on, over a Unix socket no one else
 * reaches, and exits with its parent.
 */
async function main() {
  const socketPath = process.env.PAGES_SOCKET;
  const send = process.send?.bind(process);
  if (!socketPath || !send) throw new Error('started without PAGES_SOCKET and an IPC channel (server/pages-proxy.ts starts this process)');
  // The parent gone (killed outright, or stopped while this one starts): its socket folder goes too.
  const leaveWithParent = () => {
    fs.rmSync(path.dirname(socketPath), { recursive: true, force: true });
    process.exit(0);
  };
  process.once('disconnect', leaveWithParent);
  if (!process.connected) leaveWithParent();
  const root = path.resolve(import.meta.dirname, '..');
  const site = next({ dev: false, dir: root, port: Number(process.env.PORT ?? 3000), hostname: process.env.HOST || 'localhost' });
  await site.prepare();
  const handlePage = site.getRequestHandler();
  const server = http.createServer((request, response) => void handlePage(request, response));
  // The parent's agent decides when a connection is idle for too long; a timeout here could
  // close a connection just as the agent hands it a request.
  server.keepAliveTimeout = 0;
  // A parent that went meanwhile cannot hear it; the disconnect above then ends this process.
  server.listen(socketPath, () => send('ready', undefined, undefined, () => {}));
}

main().catch((error: unknown) => {
  process.stderr.write(`pages failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
