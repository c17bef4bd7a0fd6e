import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http, { type RequestListener } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { hopByHopNames } from './hop-by-hop';

/** rawHeaders without the hop-by-hop names, in the same flat form (duplicates and case kept). */
function passedHeaders(raw: string[], drop: ReadonlySet<string>): string[] {
  const kept: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if (!drop.has(raw[i].toLowerCase())) kept.push(raw[i], raw[i + 1]);
  return kept;
}

/**
 * Passes each request to the HTTP server listening on socketPath and its answer back, streamed
 * both ways. The answer's headers are set one by one, so the listeners around this one read
 * them as they would Next's own (the page cache and the language Vary use getHeader).
 */
export function forwardTo(socketPath: string): RequestListener {
  const agent = new http.Agent({ keepAlive: true });
  return (request, response) => {
    const headers = passedHeaders(request.rawHeaders, hopByHopNames(request.headers.connection));
    const upstream = http.request({ agent, socketPath, method: request.method, path: request.url, headers });
    upstream.on('response', (answer) => {
      const drop = hopByHopNames(answer.headers.connection);
      for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !drop.has(name)) response.setHeader(name, value);
      response.writeHead(answer.statusCode ?? 502);
      // An answer cut off upstream is cut off here too (pipeline destroys the response), so
      // the visitor's browser, and the page cache, never take it for a whole one.
      pipeline(answer, response, () => {});
    });
    upstream.on('error', () => {
      if (response.headersSent) response.destroy();
      else response.writeHead(502, { 'cache-control': 'no-store' }).end();
    });
    // A visitor who leaves before the answer is complete: the upstream request goes too.
    response.on('close', () => {
      if (!response.writableFinished) upstream.destroy();
    });
    request.pipe(upstream);
  };
}

export interface PagesProcess {
  pid: number | undefined;
  /** Answers a request through the process. */
  handle: RequestListener;
  /** Settles when the process has exited, for whatever reason, with the signal that ended it, if one did. */
  exited: Promise<NodeJS.Signals | null>;
}

/**
 * Starts `entry` (server/pages-process.ts in `npm start`) in a child process that listens on a
 * Unix socket in a folder only this user reads, and resolves once it says it is ready. The
 * child goes when this process does: killed on exit, and it exits itself when the IPC channel
 * closes (this process killed outright).
 */
export async function startPagesProcess(entry: string, env: NodeJS.ProcessEnv): Promise<PagesProcess> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'site-pages-'));
  const socketPath = path.join(folder, 'pages.sock');
  const child = spawn(process.execPath, ['--import', 'tsx', entry], { env: { ...env, PAGES_SOCKET: socketPath }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const removeFolder = () => fs.rmSync(folder, { recursive: true, force: true });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  void exited.then(removeFolder);
  process.once('exit', () => {
    child.kill();
    removeFolder();
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', (message) => (message === 'ready' ? resolve() : reject(new Error(`the pages process said ${JSON.stringify(message)}`))));
    void exited.then(() => reject(new Error(`the pages process exited before it was ready (code ${child.exitCode}, signal ${child.signalCode})`)));
  });
  return { pid: child.pid, handle: forwardTo(socketPath), exited };
}
