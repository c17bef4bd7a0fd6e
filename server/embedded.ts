import { sharedBackend } from './backend';
import { hopByHopHeaders } from './hop-by-hop';
import { apiText } from './i18n';
import { pickLanguage } from './services/language';

// Hop-by-hop headers and those fetch recomputes must not be copied.
const hopByHop = [...hopByHopHeaders, 'host', 'content-length'];

function forwardedHeaders(source: Headers, drop: string[]): Headers {
  const headers = new Headers(source);
  for (const name of drop) headers.delete(name);
  return headers;
}

async function forwardOverHttp(request: Request, backendUrl: string): Promise<Response> {
  const incoming = new URL(request.url);
  const target = new URL(incoming.pathname + incoming.search, backendUrl);
  const headers = forwardedHeaders(request.headers, hopByHop);
  headers.set('X-Forwarded-Host', incoming.host);
  headers.set('X-Forwarded-Proto', incoming.protocol.replace(':', ''));
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  try {
    const response = await fetch(target, {
      method: request.method,
      headers,
      body: hasBody ? await request.arrayBuffer() : undefined,
      redirect: 'manual',
    });
    // fetch has already decoded the body, so its encoding headers no longer apply.
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers: forwardedHeaders(response.headers, [...hopByHop, 'content-encoding']),
    });
  } catch {
    const language = pickLanguage(request.headers.get('Accept-Language') ?? undefined);
    return Response.json({ ErrorMessages: [{ Message: apiText(language, { key: 'backendUnreachable' }) }] }, { status: 502 });
  }
}

/** The /api Route Handler's whole job. */
export async function forwardToBackend(request: Request): Promise<Response> {
  const backendUrl = process.env.BACKEND_URL;
  if (backendUrl) return forwardOverHttp(request, backendUrl);
  const backend = await sharedBackend();
  return backend.app.fetch(request);
}
