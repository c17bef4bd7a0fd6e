import { NextResponse, type NextRequest } from 'next/server';
import { SESSION_COOKIE } from './lib/contract/http';
import { loginAddressFor } from './lib/portal-guard';
import { pathHeaders } from './lib/security-headers';

const headerOptions = { production: process.env.NODE_ENV === 'production', development: process.env.NODE_ENV === 'development' };

/**
 * The card's middleware (Next.js 16 names the file proxy.ts): portal pages asked without a
 * session cookie go to a public page where the login opens. Whether the session is valid is
 * the API's business; the pages themselves are static islands. Every answer carries the security
 * headers of every page (server/site-guard.ts); the proxy adds single pages' own. Next.js
 * buffers a body for the proxy up to `proxyClientMaxBodySize` (next.config.ts) before it runs.
 */
export function proxy(request: NextRequest) {
  // The pages take no bodies (every write goes to /api): refused before more of one is read.
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return new NextResponse(null, { status: 405, headers: { Allow: 'GET, HEAD' } });
  // The trailing-slash redirect (i18n/route-rules.ts) comes first, so the return path has none.
  if (request.nextUrl.pathname.endsWith('/')) return NextResponse.next();
  const session = request.cookies.get(SESSION_COOKIE)?.value;
  if (session && session !== '""') {
    const response = NextResponse.next();
    for (const { key, value } of pathHeaders(request.nextUrl.pathname, headerOptions)) response.headers.set(key, value);
    return response;
  }
  return NextResponse.redirect(new URL(loginAddressFor(request.nextUrl.pathname, request.nextUrl.searchParams), request.url));
}

// Only the portal pages: the static pages and the API never pass through the proxy.
export const config = {
  matcher: [
    '/account/:path+',
    '/:locale(de|ru)/account/:path+',
    '/app/talent',
    '/:locale(de|ru)/app/talent',
    '/store/cart',
    '/:locale(de|ru)/store/cart',
    '/store/checkout',
    '/:locale(de|ru)/store/checkout',
    // The operator console: its gate (GET admin/me) decides the rest.
    '/admin',
    '/admin/:path+',
    '/:locale(de|ru)/admin',
    '/:locale(de|ru)/admin/:path+',
  ],
};
