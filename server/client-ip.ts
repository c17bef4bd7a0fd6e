import type { Context } from 'hono';

/**
 * The caller's address for throttling: the last X-Forwarded-For entry, which the nearest proxy
 * appended from its socket. `npm start` is that proxy (server/site-listener.ts), so there a
 * client cannot choose it. `next dev` and a bare `next start` only add the header when a client
 * sent none, so their throttles can be dodged: they are for development, not for the internet.
 */
export function clientIp(c: Context): string {
  const forwarded = c.req.header('X-Forwarded-For');
  const last = forwarded?.split(',').pop()?.trim();
  if (last) return last;
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}
