import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import CachePolicy from 'http-cache-semantics';

/**
 * A shared cache in front of Next.js in `npm start` (issue 7), as a CDN would be: a GET whose
 * answer Next marks for shared caches (`s-maxage`: the prerendered pages; `immutable`: the build's
 * scripts and stylesheets, which Next compresses again for every request) is kept in memory and
 * answered from there while HTTP's rules allow (http-cache-semantics decides: freshness, the
 * request headers the Vary names, a reload's `no-cache` or `max-age`). Next.js spends 0.6–0.9 ms
 * of CPU on each such answer although it is already in its own cache; from here it is the
 * socket's write. An answer that sets a cookie, was cut off, or whose headers were handed to
 * writeHead (not all readable back) is never kept. `npm start` compares requests as the
 * language rules read them (i18n/route-rules.ts): otherwise every visitor's own cookies (the
 * XSRF token) would make a copy of each page per visitor.
 */
export interface PageCacheOptions {
  /** The bytes of bodies kept at once (over all addresses and variants); the least recently used go first. */
  maxBytes?: number;
  /** The largest body kept. */
  maxBodyBytes?: number;
  /** The copies kept of one address (one per value of the headers its Vary names); the oldest go first. */
  maxVariants?: number;
  /**
   * The request's headers as the answer depends on them, for comparing what the Vary names
   * (by default all of them as they came): a copy is given to every request they match.
   */
  headersThatChoose?: (headers: IncomingHttpHeaders) => IncomingHttpHeaders;
  now?: () => number;
}

interface Stored {
  policy: CachePolicy;
  status: number;
  body: Buffer;
}

type Chunk = string | Uint8Array;
type WriteCallback = (error?: Error | null) => void;

const headerText = (value: string | string[] | number | undefined) => (Array.isArray(value) ? value.join(', ') : value === undefined ? undefined : String(value));

/** The answer's headers as the policy reads them: one text per name (set-cookie is never kept). */
function headersOf(response: ServerResponse): CachePolicy.Headers {
  const headers: CachePolicy.Headers = {};
  for (const [name, value] of Object.entries(response.getHeaders())) headers[name] = headerText(value);
  return headers;
}

/** Next's mark on a page (s-maxage) or a build file (immutable) a shared cache may keep, and no cookie that would go to everyone. */
const markedForSharedCaches = (response: ServerResponse) =>
  !response.hasHeader('set-cookie') && /\bs-maxage=|\bimmutable\b/.test(headerText(response.getHeader('cache-control')) ?? '');

export function pageCache(handle: RequestListener, options: PageCacheOptions = {}): RequestListener {
  const { maxBytes = 32 << 20, maxBodyBytes = 1 << 20, maxVariants = 16, headersThatChoose = (headers) => headers, now = Date.now } = options;
  /** The request as the policy compares it, without a client's wish for a fresh answer (for replacing a copy). */
  const asRequest = ({ url, headers }: IncomingMessage, withDirectives = true) => {
    const chosen = headersThatChoose(headers);
    const { 'cache-control': _cacheControl, pragma: _pragma, ...rest } = chosen;
    return { url, method: 'GET', headers: withDirectives ? chosen : rest };
  };
  // The policy's clock is its now() (documented for tests); the cache's clock is the option.
  const Policy = class extends CachePolicy {
    now() {
      return now();
    }
  };
  // Insertion order is recency order: a hit or a store moves its address to the end.
  const addresses = new Map<string, Stored[]>();
  let bytes = 0;
  const sizeOf = (variants: Stored[]) => variants.reduce((sum, variant) => sum + variant.body.length, 0);

  function lookup(key: string, request: IncomingMessage): Stored | null {
    const variants = addresses.get(key);
    const asked = asRequest(request);
    const stored = variants?.find((variant) => variant.policy.satisfiesWithoutRevalidation(asked));
    if (!variants || !stored) return null;
    addresses.delete(key);
    addresses.set(key, variants);
    return stored;
  }

  /** Keeps the answer, in place of any copy this request would have been answered with and of stale ones. */
  function remember(key: string, request: IncomingMessage, stored: Stored) {
    const previous = addresses.get(key) ?? [];
    const plain = asRequest(request, false);
    const variants = previous.filter((variant) => !variant.policy.stale() && !variant.policy.satisfiesWithoutRevalidation(plain));
    // Room for the new copy: the oldest of the others go.
    variants.splice(0, variants.length - (maxVariants - 1));
    bytes += sizeOf(variants) + stored.body.length - sizeOf(previous);
    addresses.delete(key);
    addresses.set(key, [...variants, stored]);
    for (const [oldest, evicted] of addresses) {
      if (bytes <= maxBytes) break;
      addresses.delete(oldest);
      bytes -= sizeOf(evicted);
    }
  }

  /** The policy of an answer that may be kept, judged on its headers as sent. */
  const keepable = (request: IncomingMessage, response: ServerResponse) => {
    if (!markedForSharedCaches(response)) return null;
    const policy = new Policy(asRequest(request), { status: response.statusCode, headers: headersOf(response) }, { shared: true });
    // Storable but never usable (Vary: *, must-revalidate, no freshness) would only take room.
    return policy.storable() && policy.satisfiesWithoutRevalidation(asRequest(request, false)) ? policy : null;
  };

  /** Passes the answer through and keeps a copy of what was written, if it may be kept. */
  function handleAndKeep(key: string, request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    let size = 0;
    let keeping = true;
    const keep = (chunk: unknown, encoding: unknown) => {
      // By the first byte the headers are set: an answer that is not a candidate is not copied.
      if (keeping && size === 0 && !markedForSharedCaches(response)) keeping = false;
      if (!keeping || typeof chunk === 'function' || chunk == null) return;
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array);
      size += bytes.length;
      if (size > maxBodyBytes) keeping = false;
      else chunks.push(bytes);
    };
    const { writeHead, write, end } = response;
    // Headers handed to writeHead itself are not all in getHeaders(): such an answer is not kept.
    response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      if (args.some((arg) => typeof arg === 'object' && arg !== null)) keeping = false;
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as typeof response.writeHead;
    response.write = function (this: ServerResponse, chunk: Chunk, encoding?: BufferEncoding | WriteCallback, callback?: WriteCallback) {
      keep(chunk, encoding);
      return (write as (...a: unknown[]) => boolean).call(this, chunk, encoding, callback);
    } as typeof response.write;
    response.end = function (this: ServerResponse, chunk?: Chunk | (() => void), encoding?: BufferEncoding | (() => void), callback?: () => void) {
      keep(chunk, encoding);
      const result = (end as (...a: unknown[]) => ServerResponse).call(this, chunk, encoding, callback);
      // Judged on the headers as sent, and kept once all of it went out: an answer cut off by
      // a closed connection never finishes.
      const policy = keeping ? keepable(request, response) : null;
      if (policy) response.once('finish', () => remember(key, request, { policy, status: response.statusCode, body: Buffer.concat(chunks) }));
      return result;
    } as typeof response.end;
    handle(request, response);
  }

  return (request, response) => {
    if (request.method !== 'GET') return handle(request, response);
    // The host is part of the address, as in a CDN's key (the policy compares it too).
    const key = `${request.headers.host ?? ''} ${request.url ?? ''}`;
    const stored = lookup(key, request);
    if (!stored) return handleAndKeep(key, request, response);
    // One by one, so that a listener around this one sees them as it sees Next's (getHeader).
    const headers: OutgoingHttpHeaders = stored.policy.responseHeaders();
    for (const [name, value] of Object.entries(headers)) if (value !== undefined) response.setHeader(name, value);
    response.setHeader('content-length', stored.body.length);
    response.writeHead(stored.status).end(stored.body);
  };
}
