import { MAX_BODY_BYTES } from '../lib/contract/http';
import { sharedBackend } from './backend';
import { errorEnvelope } from './errors';
import type { ApiText } from './i18n';
import { pickLanguage } from './services/platform/language';

/** Headers that describe one connection, not the message (RFC 9110 §7.6.1), and those fetch recomputes. */
const connectionHeaders = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
];

function withoutConnectionHeaders(source: Headers): Headers {
  const headers = new Headers(source);
  const listed = (source.get('connection') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of [...connectionHeaders, ...listed]) headers.delete(name);
  return headers;
}

function refusal(request: Request, status: number, text: ApiText): Response {
  const language = pickLanguage(request.headers.get('Accept-Language') ?? undefined);
  return Response.json(errorEnvelope(new URL(request.url).pathname, language, [text]), { status });
}

/**
 * The body, read as it streams and given up as soon as it passes the backend's limit, so no
 * request holds more than that much memory. Null when it is too large.
 */
async function boundedBody(request: Request): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > MAX_BODY_BYTES) return null;
  if (!request.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

async function forwardOverHttp(request: Request, backendUrl: string): Promise<Response> {
  const incoming = new URL(request.url);
  const target = new URL(incoming.pathname + incoming.search, backendUrl);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const body = hasBody ? await boundedBody(request) : undefined;
  if (body === null) return refusal(request, 413, { key: 'bodyTooLarge' });
  try {
    const response = await fetch(target, {
      method: request.method,
      headers: withoutConnectionHeaders(request.headers),
      body,
      redirect: 'manual',
    });
    // fetch has already decoded the body, so its encoding headers no longer apply.
    const headers = withoutConnectionHeaders(response.headers);
    headers.delete('content-encoding');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  } catch {
    return refusal(request, 502, { key: 'backendUnreachable' });
  }
}

/**
 * The /api Route Handler's whole job: over HTTP to BACKEND_URL when it is set, otherwise the
 * backend in this process, which applies the same body limit as it reads.
 */
export async function forwardToBackend(request: Request): Promise<Response> {
  const backendUrl = process.env.BACKEND_URL;
  if (backendUrl) return forwardOverHttp(request, backendUrl);
  const backend = await sharedBackend();
  return backend.app.fetch(request);
}
