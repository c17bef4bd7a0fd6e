import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { SESSION_COOKIE } from './lib/contract/http';
import { languageFromBrowser, localizedPath, splitLocalePath, storedLanguage } from './i18n/language-choice';
import { LANGUAGE_COOKIE } from './i18n/routing';
import { routing } from './i18n/routing';
import { loginFallback } from './lib/portal-paths';

const handleI18nRouting = createMiddleware(routing);

/**
 * Locale routing in the spec's order (stored choice, then the address, then the browser
 * language), and the session-cookie check in front of the portal pages.
 */
export default function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const { prefix, rest } = splitLocalePath(pathname);
  const stored = storedLanguage(request.cookies.get(LANGUAGE_COOKIE)?.value);
  const target = stored ?? prefix ?? languageFromBrowser(request.headers.get('accept-language'));

  if (target !== (prefix ?? 'en')) {
    const url = request.nextUrl.clone();
    url.pathname = localizedPath(target, rest);
    return NextResponse.redirect(url);
  }

  const fallback = request.cookies.has(SESSION_COOKIE) ? null : loginFallback(rest);
  if (fallback) {
    const url = request.nextUrl.clone();
    url.pathname = localizedPath(target, fallback.page);
    url.search = `?login=${encodeURIComponent(fallback.returnTo + (fallback.keepQuery ? search : ''))}`;
    return NextResponse.redirect(url);
  }

  const response = handleI18nRouting(request);
  response.headers.append('Vary', 'Cookie, Accept-Language');
  return response;
}

export const config = {
  // Everything but the API, Next's own files and files with an extension.
  matcher: ['/((?!api|_next|_vercel|.*\\..*).*)'],
};
