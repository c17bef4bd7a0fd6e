// Node's fetch as a browser uses a connection, for every test runner. Plain TypeScript with no
// runner, DOM or alias imports, so Jest (node and jsdom) and Playwright all load it.

/**
 * A kept-alive connection that the server closed while it was idle, found out by the next
 * request: undici reports "other side closed" or a reset read, depending on which of the
 * server's close and the request came first (probed: a server closing each idle connection
 * as the request arrives, 400 tries: 140 closed, 1 reset for a GET). Browsers resend a
 * request that fails either way on a reused connection.
 */
const staleConnectionCodes = new Set(['UND_ERR_SOCKET', 'ECONNRESET']);
// Read by shape, not `instanceof`: in the component tests Node's fetch throws errors of another realm than jsdom's.
const isStaleConnection = (error: unknown) =>
  staleConnectionCodes.has((error as { cause?: { code?: string } } | undefined)?.cause?.code ?? '');

/** Sends at most: each such failure takes one closed connection out of the pool, which can hold several. */
const maxSends = 5;

/** `fetchWith` (Node's fetch), sent again while a reused idle connection turns out closed. */
export async function fetchResending(url: string, init?: RequestInit, fetchWith: typeof fetch = fetch): Promise<Response> {
  for (let send = 1; ; send++) {
    try {
      return await fetchWith(url, init);
    } catch (error) {
      if (!isStaleConnection(error) || send === maxSends) throw error;
    }
  }
}
