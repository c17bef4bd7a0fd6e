import type { Context } from 'hono';

/**
 * The caller's address for throttling: the last X-Forwarded-For entry, which the nearest
 * proxy (the Next server in front of us) appended from its socket, so a client cannot forge it.
 */
export function clientIp(c: Context): string {
  const forwarded = c.req.header('X-Forwarded-For');
  const last = forwarded?.split(',').pop()?.trim();
  if (last) return last;
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}
