import type { IncomingMessage, RequestListener } from 'node:http';
import { everyPathHeaders } from '../lib/security-headers';

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** What next.config.ts gives every path, for the API's answers too (this server is production only). */
const apiHeaders = everyPathHeaders({ production: true, development: false });

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
  for (let i = raw.length - 2; i >= 0; i -= 2) if (raw[i].toLowerCase() === 'x-forwarded-for') raw.splice(i, 2);
  raw.push('X-Forwarded-For', chain);
  request.headers['x-forwarded-for'] = chain;
}

/**
 * The request routing of `npm start` (server/site.ts): /api/* straight to the backend, every
 * other path to Next.js. Without an API listener (BACKEND_URL set), everything goes to Next,
 * whose /api Route Handler forwards over HTTP.
 */
export function siteListener(handleApi: RequestListener | null, handlePage: RequestListener): RequestListener {
  return (request, response) => {
    appendSocketAddress(request);
    if (!handleApi || !isApi(request.url ?? '')) return handlePage(request, response);
    for (const header of apiHeaders) response.setHeader(header.key, header.value);
    return handleApi(request, response);
  };
}
