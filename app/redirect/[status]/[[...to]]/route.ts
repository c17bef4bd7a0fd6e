import type { NextRequest } from 'next/server';
import { redirectLocation } from '@/i18n/route-rules';

/**
 * Answers the redirect rules of i18n/route-rules.ts, which rewrite onto this route: as a Route
 * Handler's answer, the redirect gets next.config.ts's headers() for the address asked for.
 * The Location is relative, so it keeps whatever origin the visitor used.
 */
export const dynamic = 'force-dynamic';

const statuses = new Set([307, 308]);

async function answer(request: NextRequest, { params }: RouteContext<'/redirect/[status]/[[...to]]'>): Promise<Response> {
  const { status, to } = await params;
  const code = Number(status);
  if (!statuses.has(code)) return new Response(null, { status: 404 });
  return new Response(null, { status: code, headers: { Location: redirectLocation(to, request.nextUrl.search) } });
}

// Every method, as redirects() had it; 307 and 308 keep the method and the body.
export const GET = answer;
export const HEAD = answer;
export const POST = answer;
export const PUT = answer;
export const PATCH = answer;
export const DELETE = answer;
export const OPTIONS = answer;
