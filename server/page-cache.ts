import type { IncomingHttpHeaders, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';

/**
 * A shared cache in front of Next.js in `npm start` (issue 7), as a CDN would be: a GET whose
 * answer Next marks for shared caches (`s-maxage`, the prerendered pages) is kept in memory and
 * answered from there until it expires, one copy per value of the request headers its Vary
 * names. Next.js spends 0.6–0.9 ms of CPU on each such answer although it is already in its own
 * cache; from here it is the socket's write. Answers that set a cookie, are private or not 200
 * are never kept, and neither is one whose headers this cache could not read back. A request
 * that asks for a fresh answer (a reload's `no-cache` or `max-age`) gets Next's, which is kept.
 */
export interface PageCacheOptions {
  /** The bytes of bodies kept at once (over all addresses and variants); the least recently used go first. */
  maxBytes?: number;
  /** The largest body kept. */
  maxBodyBytes?: number;
  now?: () => number;
}

interface Stored {
  varyValues: (string | null)[];
  headers: OutgoingHttpHeaders;
  body: Buffer;
  storedAt: number;
  expiresAt: number;
}

interface Address {
  varyNames: string[];
  variants: Stored[];
}

// Hop-by-hop and per-answer headers: Node writes its own for each answer.
const notStored = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length', 'age']);

const headerText = (value: string | string[] | number | undefined) => (value === undefined ? '' : Array.isArray(value) ? value.join(', ') : String(value));
const varyNamesOf = (vary: string) => vary.split(',').map((name) => name.trim().toLowerCase()).filter(Boolean);
const varyValuesOf = (names: string[], headers: IncomingHttpHeaders) => names.map((name) => (headers[name] === undefined ? null : headerText(headers[name])));
const sameValues = (a: (string | null)[], b: (string | null)[]) => a.length === b.length && a.every((value, i) => value === b[i]);

/** Seconds a shared cache may keep the answer, or null when it may not keep it. */
function sharedLifetime(response: ServerResponse): number | null {
  if (response.statusCode !== 200 || response.hasHeader('set-cookie')) return null;
  const directives = headerText(response.getHeader('cache-control')).toLowerCase();
  if (/(?:^|,)\s*(?:private|no-store|no-cache)\b/.test(directives)) return null;
  const seconds = /(?:^|,)\s*s-maxage=(\d+)/.exec(directives);
  if (!seconds || headerText(response.getHeader('vary')).includes('*')) return null;
  return Number(seconds[1]) || null;
}

/**
 * The oldest copy the client accepts, in seconds: a hard reload asks for a fresh answer
 * (`no-cache`), a plain one for none older than `max-age` (usually 0).
 */
function acceptedAge(headers: IncomingHttpHeaders): number {
  const directives = headerText(headers['cache-control']).toLowerCase();
  if (/\bno-cache\b/.test(directives) || (!directives && /\bno-cache\b/i.test(headerText(headers.pragma)))) return -1;
  const maxAge = /(?:^|,)\s*max-age=(\d+)/.exec(directives);
  return maxAge ? Number(maxAge[1]) : Infinity;
}

type Chunk = string | Uint8Array;
type WriteCallback = (error?: Error | null) => void;

export function pageCache(handle: RequestListener, options: PageCacheOptions = {}): RequestListener {
  const { maxBytes = 32 << 20, maxBodyBytes = 1 << 20, now = Date.now } = options;
  // Insertion order is recency order: a hit or a store moves its address to the end.
  const addresses = new Map<string, Address>();
  let bytes = 0;
  const sizeOf = (variants: Stored[]) => variants.reduce((sum, variant) => sum + variant.body.length, 0);

  function remember(key: string, varyNames: string[], stored: Stored) {
    const address = addresses.get(key);
    const variants = address && address.varyNames.join() === varyNames.join() ? address.variants.filter((v) => !sameValues(v.varyValues, stored.varyValues)) : [];
    bytes += sizeOf(variants) + stored.body.length - sizeOf(address?.variants ?? []);
    addresses.delete(key);
    addresses.set(key, { varyNames, variants: [...variants, stored] });
    for (const [oldest, { variants: evicted }] of addresses) {
      if (bytes <= maxBytes) break;
      addresses.delete(oldest);
      bytes -= sizeOf(evicted);
    }
  }

  function lookup(key: string, headers: IncomingHttpHeaders): Stored | null {
    const address = addresses.get(key);
    if (!address) return null;
    const values = varyValuesOf(address.varyNames, headers);
    const stored = address.variants.find((variant) => sameValues(variant.varyValues, values));
    if (!stored || stored.expiresAt <= now() || now() - stored.storedAt > acceptedAge(headers) * 1000) return null;
    addresses.delete(key);
    addresses.set(key, address);
    return stored;
  }

  function store(key: string, requestHeaders: IncomingHttpHeaders, response: ServerResponse, body: Buffer, lifetime: number) {
    const varyNames = varyNamesOf(headerText(response.getHeader('vary')));
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(response.getHeaders())) if (!notStored.has(name)) headers[name] = value;
    const storedAt = now();
    remember(key, varyNames, { varyValues: varyValuesOf(varyNames, requestHeaders), headers, body, storedAt, expiresAt: storedAt + lifetime * 1000 });
  }

  /** Passes the answer through and keeps a copy of what was written, if it may be kept. */
  function handleAndKeep(key: string, request: Parameters<RequestListener>[0], response: ServerResponse) {
    const chunks: Buffer[] = [];
    let size = 0;
    let keeping = true;
    const keep = (chunk: unknown, encoding: unknown) => {
      // By the first byte the headers are set: an answer that may not be kept is not copied.
      if (keeping && size === 0 && sharedLifetime(response) === null) keeping = false;
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
      const lifetime = keeping ? sharedLifetime(response) : null;
      // Kept once all of it went out: an answer cut off by a closed connection never finishes.
      if (lifetime !== null) response.once('finish', () => store(key, request.headers, response, Buffer.concat(chunks), lifetime));
      return result;
    } as typeof response.end;
    handle(request, response);
  }

  return (request, response) => {
    if (request.method !== 'GET') return handle(request, response);
    // The host is part of the address, as in a CDN's key.
    const key = `${request.headers.host ?? ''} ${request.url ?? ''}`;
    const stored = lookup(key, request.headers);
    if (!stored) return handleAndKeep(key, request, response);
    // One by one, so that a listener around this one sees them as it sees Next's (getHeader).
    for (const [name, value] of Object.entries(stored.headers)) if (value !== undefined) response.setHeader(name, value);
    response.setHeader('content-length', stored.body.length);
    response.setHeader('age', Math.floor((now() - stored.storedAt) / 1000));
    response.writeHead(200).end(stored.body);
  };
}
