import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';

/**
 * The proxies in front of the backend that are trusted to report the client (TRUSTED_PROXIES):
 * how many there are, or the addresses and networks they connect from.
 */
export type TrustedProxies = { hops: number } | { networks: BlockList };

const NO_PROXIES: TrustedProxies = { hops: 0 };

/** TRUSTED_PROXIES: empty or a hop count ("1"), or a list of addresses and networks ("127.0.0.1, 10.0.0.0/8"). */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const text = value?.trim() ?? '';
  if (text === '') return NO_PROXIES;
  if (/^\d+$/.test(text)) return { hops: Number(text) };
  const networks = new BlockList();
  for (const entry of text.split(',').map((part) => part.trim())) {
    const [address, prefix, extra] = entry.split('/');
    const family = isIP(address);
    const bits = prefix === undefined ? (family === 6 ? 128 : 32) : Number(prefix);
    if (!family || extra !== undefined || !/^\d*$/.test(prefix ?? '') || bits > (family === 6 ? 128 : 32)) {
      throw new Error(
        `TRUSTED_PROXIES: "${entry}" is not an IP address or network; give a hop count (such as 1) or addresses and networks such as 127.0.0.1, 10.0.0.0/8`,
      );
    }
    networks.addSubnet(address, bits, family === 6 ? 'ipv6' : 'ipv4');
  }
  return { networks };
}

/**
 * X-Forwarded-For as the site server passes it to Next.js: with the connection's peer last.
 * Next.js would pass a client's own header on as it came, so a client could give itself any
 * address; read from the right, past the trusted proxies only, the peer is the client.
 */
export function forwardedForWithPeer(forwarded: string | undefined, peer: string): string {
  return forwarded ? `${forwarded}, ${peer}` : peer;
}

/** An IPv4 peer on a dual-stack socket reads as ::ffff:a.b.c.d; lists name it the IPv4 way. */
const plainAddress = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

function isTrusted(trusted: TrustedProxies, address: string): boolean {
  if ('hops' in trusted) return false;
  const plain = plainAddress(address);
  const family = isIP(plain);
  return family !== 0 && trusted.networks.check(plain, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The addresses a request passed through, the client's side first: the X-Forwarded-For entries,
 * then the socket's peer. Behind the site server (the in-process /api Route Handler) there is
 * no socket: the site server appends its peer to X-Forwarded-For, so the last entry stands for it.
 */
function addressChain(c: Context): string[] {
  const forwarded = (c.req.header('X-Forwarded-For') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  const peer = incoming?.socket?.remoteAddress;
  return peer ? [...forwarded, peer] : forwarded;
}

/** The client's address when the request names none (no socket, no X-Forwarded-For). */
export const unknownAddress = 'unknown';

/**
 * The client's address (throttling, logs): the first address from the right that is not a
 * trusted proxy. What a client writes into X-Forwarded-For itself lies left of that and is ignored.
 */
export function clientAddress(c: Context, trusted: TrustedProxies): string {
  const chain = addressChain(c);
  if (!chain.length) return unknownAddress;
  if ('hops' in trusted) return plainAddress(chain[Math.max(0, chain.length - 1 - trusted.hops)]);
  for (let i = chain.length - 1; i > 0; i--) if (!isTrusted(trusted, chain[i])) return plainAddress(chain[i]);
  return plainAddress(chain[0]);
}

/** Whether the request's nearest hop is a trusted proxy, whose X-Forwarded-Host and -Proto then count. */
function fromTrustedProxy(c: Context, trusted: TrustedProxies): boolean {
  if ('hops' in trusted) return trusted.hops > 0;
  const chain = addressChain(c);
  return chain.length > 0 && isTrusted(trusted, chain[chain.length - 1]);
}

const hostName = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin visitors use, for links the backend hands out (payment return pages): SITE_URL
 * when set (required in production); otherwise the forwarded host and protocol of a trusted
 * proxy, or the request's own origin.
 */
export function publicOrigin(c: Context, siteUrl: string | undefined, trusted: TrustedProxies): string {
  if (siteUrl) return siteUrl;
  const own = new URL(c.req.url);
  const host = fromTrustedProxy(c, trusted) ? c.req.header('X-Forwarded-Host')?.split(',')[0].trim() : undefined;
  if (!host || !hostName.test(host)) return own.origin;
  const proto = c.req.header('X-Forwarded-Proto')?.split(',')[0].trim();
  return `${proto === 'https' || proto === 'http' ? proto : own.protocol.replace(':', '')}://${host}`;
}
