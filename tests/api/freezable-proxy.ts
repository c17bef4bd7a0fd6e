import net from 'node:net';

/**
 * A loopback TCP proxy in front of a PostgreSQL server that the test can freeze: no byte moves
 * either way, the open connections stay open, new ones are accepted and left unanswered, and
 * a closed side is passed on only at the thaw. To the backend that is a server stopped with
 * SIGSTOP or a network that drops every packet; the real server, shared with other test files,
 * keeps running.
 */
export async function startFreezableProxy(targetUrl: string) {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  let frozen = false;
  let freezeMark: { text: string; reached: () => void } | undefined;
  /** What waits for the thaw: bytes, links of new connections, closes. */
  let held: (() => void)[] = [];

  const whenThawed = (action: () => void) => (frozen ? held.push(action) : action());

  /** Copies one direction; `watch` freezes before the first chunk that holds the mark. */
  const forward = (from: net.Socket, to: net.Socket, watch: boolean) => {
    from.on('data', (chunk: Buffer) => {
      if (watch && freezeMark && chunk.toString('latin1').includes(freezeMark.text)) {
        freezeMark.reached();
        freezeMark = undefined;
        freeze();
      }
      whenThawed(() => to.write(chunk));
    });
    from.on('close', () => whenThawed(() => to.destroy()));
  };

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A reset while frozen or at the end is expected; it closes the pair.
    socket.on('error', () => {});
  };

  const server = net.createServer((client) => {
    track(client);
    client.pause();
    whenThawed(() => {
      // The backend may have given up on it while frozen.
      if (client.destroyed) return;
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      track(upstream);
      forward(client, upstream, true);
      forward(upstream, client, false);
      client.resume();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  function freeze() {
    frozen = true;
    for (const socket of sockets) socket.pause();
  }

  const through = new URL(targetUrl);
  through.hostname = '127.0.0.1';
  through.port = String(port);

  return {
    /** The target's URL with this proxy as host and port. */
    url: through.toString(),
    freeze,
    /** Freezes as the backend sends the first message that holds `text` (that message is held too); resolves then. */
    freezeAt(text: string): Promise<void> {
      return new Promise((reached) => {
        freezeMark = { text, reached };
      });
    },
    thaw() {
      frozen = false;
      const actions = held;
      held = [];
      for (const action of actions) action();
      for (const socket of sockets) socket.resume();
    },
    async close() {
      this.thaw();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type FreezableProxy = Awaited<ReturnType<typeof startFreezableProxy>>;
