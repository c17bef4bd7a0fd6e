import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { languageVary } from '../i18n/route-rules';
import { apiHeaders, pageHeaders } from '../lib/security-headers';

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

// What next.config.ts gives the API and the pages, for the answers that do not come from Next (this server is production only).
const apiSecurityHeaders = apiHeaders({ production: true, development: false });
const pageSecurityHeaders = pageHeaders({ production: true, development: false });

/**
 * As a proxy does: the socket's address goes last in X-Forwarded-For, so a client cannot choose
 * the address it is throttled by (server/client-ip.ts reads the last entry). Every request,
 * because with BACKEND_URL the /api calls reach the backend through Next's forwarder, which
 * keeps a client's header as it is. The Hono adapter reads rawHeaders, so it is replaced there too.
 */
function appendSocketAddress(request: IncomingMessage) {
  const forwarded = request.headers['x-forwarded-for'];
  const remote = request.socket.remoteAddress ?? '';
  const chain = forwarded ? `${String(forwarded)}, ${remote}` : remote;
  const raw = request.rawHeaders;
  if (forwarded) for (let i = raw.length - 2; i >= 0; i -= 2) if (raw[i].toLowerCase() === 'x-forwarded-for') raw.splice(i, 2);
  raw.push('X-Forwarded-For', chain);
  request.headers['x-forwarded-for'] = chain;
}

/** A path whose percent-encoding does not decode, which Next.js would answer with a bare 500. */
function isMalformedPath(url: string) {
  try {
    decodeURIComponent(url.split('?', 1)[0]);
    return false;
  } catch {
    return true;
  }
}

/**
 * Adds the language rules' Vary to a page's answer as its headers go out (Next.js sets its own
 * Vary on app pages and overwrites one from next.config). Names already there are not repeated.
 */
function addVary(response: ServerResponse, names: string) {
  const writeHead = response.writeHead;
  response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const present = String(this.getHeader('vary') ?? '');
    const listed = new Set(present.split(',').map((name) => name.trim().toLowerCase()));
    const missing = names.split(', ').filter((name) => !listed.has(name.toLowerCase()));
    if (missing.length) this.setHeader('vary', [present, ...missing].filter(Boolean).join(', '));
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof response.writeHead;
}

/**
 * The request routing of `npm start` (server/site.ts): /api/* straight to the backend, every
 * other path to Next.js. Without an API listener (BACKEND_URL set), everything goes to Next,
 * whose /api Route Handler forwards over HTTP.
 */
export function siteListener(handleApi: RequestListener | null, handlePage: RequestListener): RequestListener {
  return (request, response) => {
    appendSocketAddress(request);
    const url = request.url ?? '';
    if (handleApi && isApi(url)) {
      for (const header of apiSecurityHeaders) response.setHeader(header.key, header.value);
      return handleApi(request, response);
    }
    if (isMalformedPath(url)) {
      // Like any other unknown path, it goes home (spec §2).
      for (const header of pageSecurityHeaders) response.setHeader(header.key, header.value);
      response.writeHead(307, { Location: '/' }).end();
      return;
    }
    const vary = languageVary(url.split('?', 1)[0]);
    if (vary) addVary(response, vary);
    return handlePage(request, response);
  };
}
