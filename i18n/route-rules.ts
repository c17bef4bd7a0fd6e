// The spec's language rules as Next.js redirects and rewrites, matched by the router itself,
// so static pages pass through no code of ours. Next-intl's middleware would run on every page
// and its detection orders them differently. In this order:
//   1. a stored choice (the `language` cookie) wins over the address;
//   2. an address with a language prefix wins over the browser;
//   3. a first visit to an unprefixed address: a browser language starting with "de" gives
//      German, anything else English (Russian only by choice).
// The login guard of portal pages is proxy.ts.
import { LANGUAGE_COOKIE, locales, routing } from './routing';

type Condition = { type: 'cookie' | 'header'; key: string; value?: string };
interface Redirect {
  source: string;
  destination: string;
  permanent: false;
  has?: Condition[];
  missing?: Condition[];
}

/** Rule 3's test of the browser's language (a `has` value: Next.js matches the whole header). */
const germanBrowser = '[dD][eE].*';

const anyPrefix = locales.join('|');
/** An address without a language prefix, not the API, Next's files or a file with an extension. */
const unprefixedPath = `(?!(?:${anyPrefix}|api|_next)(?:/|$))(?!.*\\.[^/]*$).+`;
const unprefixed = `/:path(${unprefixedPath})`;

/** The sources of one language's addresses, and where their path goes in another language. */
function addressesOf(locale: string) {
  if (locale === routing.defaultLocale) return [{ source: '/', rest: '' }, { source: unprefixed, rest: '/:path' }];
  return [{ source: `/${locale}`, rest: '' }, { source: `/${locale}/:path*`, rest: '/:path*' }];
}
const addressIn = (locale: string, rest: string) => (locale === routing.defaultLocale ? rest || '/' : `/${locale}${rest}`);

export function localeRedirects(): Redirect[] {
  const rules: Redirect[] = [];
  // 1. The stored choice.
  for (const chosen of locales) {
    for (const shown of locales.filter((locale) => locale !== chosen)) {
      for (const { source, rest } of addressesOf(shown)) {
        rules.push({ source, destination: addressIn(chosen, rest), permanent: false, has: [{ type: 'cookie', key: LANGUAGE_COOKIE, value: chosen }] });
      }
    }
  }
  // English has no prefix ('as-needed'): /en/… goes to the unprefixed address.
  rules.push({ source: `/${routing.defaultLocale}`, destination: '/', permanent: false });
  rules.push({ source: `/${routing.defaultLocale}/:path*`, destination: '/:path*', permanent: false });
  // 3. First visit: German browsers get German.
  for (const { source, rest } of addressesOf(routing.defaultLocale)) {
    rules.push({
      source,
      destination: addressIn('de', rest),
      permanent: false,
      has: [{ type: 'header', key: 'accept-language', value: germanBrowser }],
      missing: [{ type: 'cookie', key: LANGUAGE_COOKIE }],
    });
  }
  return rules;
}

/** English pages live under /en inside the app; their addresses have no prefix. */
export const defaultLocaleRewrites = () => [
  { source: '/', destination: `/${routing.defaultLocale}` },
  { source: unprefixed, destination: `/${routing.defaultLocale}/:path` },
];
