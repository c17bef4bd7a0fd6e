import type { Server, ServerResponse } from 'node:http';

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
    response.once('close', () => {
      inFlight.delete(response);
      // An answer that began before the stop kept its connection: idle now, it is closed.
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
  });
  return {
    async stop() {
      draining = true;
      for (const response of inFlight) if (!response.headersSent) response.setHeader('Connection', 'close');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      let giveUp: NodeJS.Timeout | undefined;
      const bound = new Promise<void>((resolve) => (giveUp = setTimeout(resolve, graceMs)));
      await Promise.race([closed, bound]);
      clearTimeout(giveUp);
      server.closeAllConnections();
      await closed;
    },
  };
}
