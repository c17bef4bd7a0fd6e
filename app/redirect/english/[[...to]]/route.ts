import type { NextRequest } from 'next/server';
import { ADDRESS_LANGUAGE_COOKIE, redirectLocation } from '@/i18n/route-rules';
import { routing } from '@/i18n/routing';

/**
 * Answers the /en/… rules of i18n/route-rules.ts like the other redirect route, and remembers
 * for the browser session that the address asked for English, so the unprefixed address it
 * leads to stays English in a German browser (the address comes before the browser, docs/product/languages-and-routing.md#the-language-rules).
 */
export const dynamic = 'force-dynamic';

async function answer(request: NextRequest, { params }: RouteContext<'/redirect/english/[[...to]]'>): Promise<Response> {
  const { to } = await params;
  const secure = request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
  const headers = new Headers({ Location: redirectLocation(to, request.nextUrl.search) });
  headers.append(
    'Set-Cookie',
    `${ADDRESS_LANGUAGE_COOKIE}=${routing.defaultLocale}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  );
  return new Response(null, { status: 307, headers });
}

// Every method, as the other redirect route answers them.
export const GET = answer;
export const HEAD = answer;
export const POST = answer;
export const PUT = answer;
export const PATCH = answer;
export const DELETE = answer;
export const OPTIONS = answer;
