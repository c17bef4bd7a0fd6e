// Locale routing and the portal guard as Next.js redirects and rewrites: matched by the router
// itself, so a static page costs no middleware call (issue 7: a proxy on every request cut
// page throughput to a fifth). The rules are the spec's, in this order:
//   1. a stored choice (the `language` cookie) wins over the address;
//   2. an address with a language prefix wins over the browser;
//   3. a first visit to an unprefixed address: a browser language starting with "de" gives
//      German, anything else English (Russian only by choice);
//   4. portal pages without a session cookie go to a public page where the login opens.
import type { IncomingHttpHeaders } from 'node:http';
import { SESSION_COOKIE } from '../lib/contract/http';
import { INVOICE_ID_PARAM, LOGIN_PARAM, SUBSCRIPTION_ID_PARAM } from '../lib/portal-paths';
import { splitLocalePath } from './language-choice';
import { LANGUAGE_COOKIE, locales, routing } from './routing';

type Condition = { type: 'cookie' | 'header' | 'query'; key: string; value?: string };
export interface Redirect {
  source: string;
  destination: string;
  permanent: false;
  has?: Condition[];
  missing?: Condition[];
}

/** Rule 3's test of the browser's language (a `has` value: Next.js matches the whole header). */
const germanBrowser = '[dD][eE].*';
const germanBrowserHeader = new RegExp(`^(?:${germanBrowser})$`);

const prefixed = locales.filter((locale) => locale !== routing.defaultLocale);
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

/** The public page where the login opens, and the path to return to after it. */
const loginAt = (page: string, returnPath: string) => `${page}?${LOGIN_PARAM}=${returnPath}`;

/** 4. Spec §2 guard: where a visitor without a session cookie logs in, and the path they return to. */
export function portalRedirects(): Redirect[] {
  const noSession: Condition[] = [{ type: 'cookie', key: SESSION_COOKIE }];
  return ['', ...prefixed.map((locale) => `/${locale}`)].flatMap((prefix) => {
    const home = prefix || '/';
    // The billing page's ?invoice_id= and ?subscription_id= (spec screen 17) name the page to return to.
    const billingQuery = (key: string, page: string) => ({
      source: `${prefix}/account/billing`,
      has: [{ type: 'query' as const, key, value: '(?<id>[0-9A-Za-z-]+)' }],
      destination: loginAt(home, `/account/billing/${page}/:id`),
    });
    return [
      billingQuery(INVOICE_ID_PARAM, 'invoice'),
      billingQuery(SUBSCRIPTION_ID_PARAM, 'subscription'),
      { source: `${prefix}/account/:path*`, destination: loginAt(home, '/account/:path*') },
      { source: `${prefix}/app/talent`, destination: loginAt(home, '/app/talent') },
      { source: `${prefix}/store/cart`, destination: loginAt(home, '/store/cart') },
      { source: `${prefix}/store/checkout`, destination: loginAt(`${prefix}/store/pricing`, '/store/pricing') },
    ].map((rule) => ({ ...rule, permanent: false as const, missing: noSession }));
  });
}

const unprefixedAddress = new RegExp(`^/(?:${unprefixedPath})?$`);

/**
 * The request headers that choose the answer at a page address under rules 1–4, for the Vary
 * of every page (static pages carry s-maxage, so a shared cache may keep them): every address
 * follows the cookies (the stored language, the session), an unprefixed one also the browser's
 * language. Null for the API and files. Next.js's app pages overwrite a Vary from next.config,
 * so the site's server adds this one (server/site-listener.ts).
 */
export function languageVary(pathname: string): string | null {
  if (unprefixedAddress.test(pathname)) return 'Cookie, Accept-Language';
  const { prefix } = splitLocalePath(pathname);
  return prefix && prefix !== routing.defaultLocale ? 'Cookie' : null;
}

/** English pages live under /en inside the app; their addresses have no prefix. */
export const defaultLocaleRewrites = () => [
  { source: '/', destination: `/${routing.defaultLocale}` },
  { source: unprefixed, destination: `/${routing.defaultLocale}/:path` },
];

/** The cookies rules 1–4 read: the stored language by its value, the session by whether it has one. */
function cookiesRulesRead(cookie: string): string {
  return cookie
    .split(';')
    .flatMap((pair) => {
      const at = pair.indexOf('=');
      const name = pair.slice(0, Math.max(at, 0)).trim();
      const value = pair.slice(at + 1).trim();
      if (at < 0 || (name !== LANGUAGE_COOKIE && name !== SESSION_COOKIE)) return [];
      // Next.js takes an empty (or empty quoted) session cookie as none.
      return [name === LANGUAGE_COOKIE ? `${name}=${value}` : `${name}${value === '' || value === '""' ? '=' : ''}`];
    })
    .join('; ');
}

/**
 * A request's headers as rules 1–4 read them, for a shared cache comparing the Vary's headers
 * (server/page-cache.ts): of the cookies, only the stored language and whether there is a
 * session (every pair of those names, in order, so duplicates count as Next.js counts them);
 * of the browser's language, only whether rule 3 takes it for German. Visitors who differ
 * elsewhere (another XSRF token or session, en-US or en-GB) are given the same page, so they
 * share one copy of it instead of one copy each.
 */
export function headersRulesRead(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const { cookie = '', 'accept-language': language = '', ...rest } = headers;
  // No header reads as an empty one: the rules treat them alike.
  return { ...rest, cookie: cookiesRulesRead(cookie), 'accept-language': germanBrowserHeader.test(language) ? 'de' : '' };
}
