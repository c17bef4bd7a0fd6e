// The language rules (docs/product/languages-and-routing.md#the-language-rules) as Next.js redirects and rewrites, matched by the router itself,
// so static pages pass through no code of ours. Next-intl's middleware would run on every page
// and its detection orders them differently. In this order:
//   1. a stored choice (the `language` cookie) wins over the address;
//   2. an address with a language prefix wins over the browser (an /en address too, though
//      English pages have no prefix: see ADDRESS_LANGUAGE_COOKIE);
//   3. a first visit to an unprefixed address: a browser language starting with "de" gives
//      German, anything else English (Russian only by choice).
// The login guard of portal pages is proxy.ts.
//
// Next.js answers a redirects() rule, and its own trailing-slash redirect, without applying
// headers(), so those answers would lack the security headers. So every rule here is a rewrite
// onto the redirect route (app/redirect/…/route.ts), whose answer gets the headers of the
// address asked for, like any page.
import { LANGUAGE_COOKIE, locales, routing } from './routing';

type Condition = { type: 'cookie' | 'header'; key: string; value?: string };
export interface Redirect {
  source: string;
  destination: string;
  permanent: boolean;
  has?: Condition[];
  missing?: Condition[];
  /** Answered by the English address route, which also sets ADDRESS_LANGUAGE_COOKIE. */
  keepsEnglishAddress?: boolean;
}
type Rewrite = Omit<Redirect, 'permanent' | 'keepsEnglishAddress'>;

/** The Route Handler that answers the redirect rules: app/redirect/[status]/[[...to]]/route.ts. */
export const REDIRECT_ROUTE = '/redirect';
/** The one for /en/… addresses (a 307): app/redirect/english/[[...to]]/route.ts. */
const ENGLISH_ADDRESS_ROUTE = `${REDIRECT_ROUTE}/english`;

/**
 * A session cookie set when the address asked for English (/en/…). English addresses lose
 * their prefix, so without it the next request, unprefixed, would fall to the browser rule and
 * a German browser would turn it into German. It only silences that rule: it is no stored
 * choice, so prefixed addresses still win and it ends with the browser session.
 */
export const ADDRESS_LANGUAGE_COOKIE = 'address-language';

/** Rule 3's test of the browser's language (a `has` value: Next.js matches the whole header). */
const germanBrowser = '[dD][eE].*';

const anyPrefix = locales.join('|');
/**
 * No language prefix, not the API, Next's files or the redirect route (the rules below chain,
 * and a rewritten request must match no later one).
 */
const notPrefixedOrReserved = `(?!(?:${anyPrefix}|api|_next|${REDIRECT_ROUTE.slice(1)})(?:/|$))`;
/** An unprefixed page address: the same, and not a file with an extension. */
const unprefixed = `/:path(${notPrefixedOrReserved}(?!.*\\.[^/]*$).+)`;
/**
 * The same, files included. Only for the page rewrite, which Next.js applies after the files
 * of public/ and the app's own (robots.txt, the icons): what is left is an unknown address,
 * which the catch-all page sends home (docs/product/languages-and-routing.md#routes), as it does for one without an extension.
 */
const unprefixedOrFile = `/:path(${notPrefixedOrReserved}.+)`;

/**
 * The sources of one language's addresses, and where their path goes in another language. A
 * prefix's `/de/:path*` matches `/de` itself too (an empty path): Next.js tests every rule on
 * every request, so each rule fewer is less work for every page.
 */
function addressesOf(locale: string) {
  if (locale === routing.defaultLocale)
    return [
      { source: '/', rest: '' },
      { source: unprefixed, rest: '/:path' },
    ];
  return [{ source: `/${locale}/:path*`, rest: '/:path*' }];
}
const addressIn = (locale: string, rest: string) => (locale === routing.defaultLocale ? rest || '/' : `/${locale}${rest}`);

export function localeRedirects(): Redirect[] {
  const rules: Redirect[] = [];
  // 1. The stored choice.
  for (const chosen of locales) {
    for (const shown of locales.filter((locale) => locale !== chosen)) {
      for (const { source, rest } of addressesOf(shown)) {
        rules.push({
          source,
          destination: addressIn(chosen, rest),
          permanent: false,
          has: [{ type: 'cookie', key: LANGUAGE_COOKIE, value: chosen }],
        });
      }
    }
  }
  // 2. English has no prefix ('as-needed'): /en/… goes to the unprefixed address, which stays
  // English for the visit.
  rules.push({ source: `/${routing.defaultLocale}/:path*`, destination: '/:path*', permanent: false, keepsEnglishAddress: true });
  // 3. First visit: German browsers get German.
  for (const { source, rest } of addressesOf(routing.defaultLocale)) {
    rules.push({
      source,
      destination: addressIn('de', rest),
      permanent: false,
      has: [{ type: 'header', key: 'accept-language', value: germanBrowser }],
      missing: [
        { type: 'cookie', key: LANGUAGE_COOKIE },
        { type: 'cookie', key: ADDRESS_LANGUAGE_COOKIE },
      ],
    });
  }
  return rules;
}

/** Next.js's own rule (turned off by skipTrailingSlashRedirect): /contact/ goes to /contact. */
export const trailingSlashRedirect: Redirect = { source: '/:path+/', destination: '/:path+', permanent: true };

/**
 * The rules as beforeFiles rewrites onto the redirect route, its path naming the status and the
 * destination. Headers are matched against the address asked for, before any rewrite.
 */
export function throughRedirectRoute(rules: Redirect[]): Rewrite[] {
  return rules.map(({ permanent, destination, keepsEnglishAddress, ...rule }) => ({
    ...rule,
    destination: `${keepsEnglishAddress ? ENGLISH_ADDRESS_ROUTE : `${REDIRECT_ROUTE}/${permanent ? 308 : 307}`}${destination === '/' ? '' : destination}`,
  }));
}

/**
 * The redirect route's Location: the destination's segments (as Next.js hands them over,
 * decoded) encoded again, so none can add a slash, and the query asked with.
 */
export function redirectLocation(segments: string[] | undefined, search: string): string {
  return `/${(segments ?? []).map(encodeURIComponent).join('/')}${search}`;
}

/** English pages live under /en inside the app; their addresses have no prefix. */
export const defaultLocaleRewrites = () => [
  { source: '/', destination: `/${routing.defaultLocale}` },
  { source: unprefixedOrFile, destination: `/${routing.defaultLocale}/:path` },
];

/** The unprefixed page addresses the language rules act on (files have no language). */
export const unprefixedPageSource = unprefixed;
