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
const isStaleConnection = (error: unknown) => error instanceof Error && staleConnectionCodes.has((error.cause as { code?: string } | undefined)?.code ?? '');

/** `fetchWith` (Node's fetch), sent once more when a reused idle connection turns out closed. */
export function fetchResending(url: string, init?: RequestInit, fetchWith: typeof fetch = fetch): Promise<Response> {
  const exchange = () => fetchWith(url, init);
  return exchange().catch((error: unknown) => (isStaleConnection(error) ? exchange() : Promise.reject(error)));
}
