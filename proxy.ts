import { NextResponse, type NextRequest } from 'next/server';
import { SESSION_COOKIE } from './lib/contract/http';
import { languageFromBrowser, localizedPath, splitLocalePath, storedLanguage } from './i18n/language-choice';
import { LANGUAGE_COOKIE, routing } from './i18n/routing';
import { loginFallback } from './lib/portal-paths';

/**
 * Locale routing in the spec's order (stored choice, then the address, then the browser
 * language), and the session-cookie check in front of the portal pages. It runs before every
 * page, so it does only this: one redirect or one rewrite, no more (next-intl's middleware,
 * with its detection switched off, would add nothing but work).
 */
export default function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const { prefix, rest } = splitLocalePath(pathname);
  const stored = storedLanguage(request.cookies.get(LANGUAGE_COOKIE)?.value);
  const target = stored ?? prefix ?? languageFromBrowser(request.headers.get('accept-language'));
  const url = request.nextUrl.clone();

  // English has no prefix (localePrefix 'as-needed'): /en/… is redirected like a wrong language.
  if (target !== (prefix ?? routing.defaultLocale) || prefix === routing.defaultLocale) {
    url.pathname = localizedPath(target, rest);
    return NextResponse.redirect(url);
  }

  const fallback = request.cookies.has(SESSION_COOKIE) ? null : loginFallback(rest);
  if (fallback) {
    url.pathname = localizedPath(target, fallback.page);
    url.search = `?login=${encodeURIComponent(fallback.returnTo + (fallback.keepQuery ? search : ''))}`;
    return NextResponse.redirect(url);
  }

  if (prefix) return NextResponse.next();
  url.pathname = `/${routing.defaultLocale}${pathname === '/' ? '' : pathname}`;
  return NextResponse.rewrite(url);
}

export const config = {
  // Everything but the API, Next's own files and files with an extension.
  matcher: ['/((?!api|_next|_vercel|.*\\..*).*)'],
};
