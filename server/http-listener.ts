import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import { StartupError } from './startup-error';

/** Listens on PORT and HOST; a port taken by another process stops the start, named. */
export function listen(server: Server, port: number, host: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new StartupError(`PORT: ${port} on ${host ?? 'every interface'} is in use by another process; stop it or choose another port`)
          : error,
      ),
    );
    server.listen(port, host, resolve);
  });
}

export interface Drain {
  /**
   * Stops taking connections, lets the requests in flight finish (at most `graceMs`), then
   * closes what is left. Every answer from here on closes its connection, so a proxy that
   * keeps connections open (nginx's keepalive) connects again, to another instance.
   */
  stop(): Promise<void>;
}

export function drainOnStop(server: Server, { graceMs }: { graceMs: number }): Drain {
  let draining = false;
  const inFlight = new Set<ServerResponse>();
  server.prependListener('request', (_request, response: ServerResponse) => {
    if (draining) response.setHeader('Connection', 'close');
    inFlight.add(response);
    response.once('close', () => inFlight.delete(response));
  });
  return {
    async stop() {
      draining = true;
      for (const response of inFlight) if (!response.headersSent) response.setHeader('Connection', 'close');
      // net.Server's close, not http.Server's: that one also ends the idle kept connections at
      // once, and a proxy may be writing a request into one of them that very moment. They are
      // left to the client (nginx ends them first) or to Node's keep-alive timeout; a request
      // that still comes on one is answered, with Connection: close.
      const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
      let giveUp: NodeJS.Timeout | undefined;
      const bound = new Promise<void>((resolve) => (giveUp = setTimeout(resolve, graceMs)));
      await Promise.race([closed, bound]);
      clearTimeout(giveUp);
      server.closeAllConnections();
      await closed;
    },
  };
}
