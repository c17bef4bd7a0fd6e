import type { IncomingMessage, ServerResponse } from 'node:http';
import { apiHeaders, pageHeaders } from '../lib/security-headers';
import { forwardedForWithPeer } from './client-address';
import { errorEnvelope } from './errors';
import { apiText } from './i18n';
import { hasMalformedEscape } from './middleware/malformed-path';
import { pickLanguage } from './services/platform/language';

/** The site server runs production builds only: HSTS is always sent (browsers honour it over HTTPS alone). */
const headerOptions = { production: true, development: false } as const;
const pagePreset = pageHeaders(headerOptions);
const apiPreset = apiHeaders(headerOptions);

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/** The client's address appended to X-Forwarded-For, so a client's own header cannot stand for it. */
function appendPeer(request: IncomingMessage): void {
  const peer = request.socket.remoteAddress;
  const forwarded = request.headers['x-forwarded-for'];
  const given = Array.isArray(forwarded) ? forwarded.join(', ') : forwarded;
  if (peer) request.headers['x-forwarded-for'] = forwardedForWithPeer(given, peer);
}

/**
 * What the site server does before Next.js sees a request. It presets the security headers, so
 * answers Next.js makes by itself (its own errors) carry them too; proxy.ts replaces them where
 * a page has its own (lib/security-headers.ts pathHeaders). And it answers an address with a malformed
 * %-escape with 400, which Next.js would answer with a plain 500. True when it answered.
 */
export function guardSiteRequest(request: IncomingMessage, response: ServerResponse): boolean {
  appendPeer(request);
  const path = (request.url ?? '/').split('?')[0];
  const api = isApiPath(path);
  for (const { key, value } of api ? apiPreset : pagePreset) response.setHeader(key, value);
  if (!hasMalformedEscape(path)) return false;
  const language = pickLanguage(request.headers['accept-language']);
  const text = { key: 'malformedAddress' } as const;
  if (api) {
    response.writeHead(400, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(errorEnvelope(path, language, [text])));
  } else {
    response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
    response.end(apiText(language, text));
  }
  return true;
}
