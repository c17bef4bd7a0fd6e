import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextConfig } from 'next';
import { PHASE_PRODUCTION_SERVER } from 'next/constants';
import { getPathMatch } from 'next/dist/shared/lib/router/utils/path-match';
import nextConfig from '@/next.config';
import { NextRequest } from 'next/server';
import { GET as englishAddress } from '@/app/redirect/english/[[...to]]/route';
import { REDIRECT_ROUTE, localeRedirects, redirectLocation, throughRedirectRoute, trailingSlashRedirect } from '@/i18n/route-rules';

// Next.js's config test helper expects the server's globals when it loads, hence require.
(globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage;
const { unstable_getResponseFromNextConfig: responseFromConfig } =
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the globals above, which an import would precede
  require('next/experimental/testing/server') as typeof import('next/experimental/testing/server');

const config = (): NextConfig => nextConfig(PHASE_PRODUCTION_SERVER);

describe('redirects through the redirect route', () => {
  it('leaves Next.js no redirect of its own, which would answer without the headers', async () => {
    const resolved = config();
    expect(resolved.redirects).toBeUndefined();
    expect(resolved.skipTrailingSlashRedirect).toBe(true);
    const rewrites = await resolved.rewrites!();
    if (Array.isArray(rewrites)) throw new Error('expected the three lists');
    expect(rewrites.beforeFiles?.every((rule) => /^\/redirect\/(30[78]|english)(\/|$)/.test(rule.destination))).toBe(true);
    expect(REDIRECT_ROUTE).toBe('/redirect');
  });

  it('names the status and the destination in the route’s path', () => {
    const [slash, ...rest] = throughRedirectRoute([trailingSlashRedirect, { source: '/en', destination: '/', permanent: false }]);
    expect(slash.destination).toBe('/redirect/308/:path+');
    expect(rest[0].destination).toBe('/redirect/307');
  });

  it.each([
    ['/contact/', {}, '/redirect/308/contact'],
    ['/', { 'accept-language': 'de-AT,de;q=0.9' }, '/redirect/307/de'],
    ['/legal/privacy-policy', { cookie: 'language=ru' }, '/redirect/307/ru/legal/privacy-policy'],
    ['/en/store', {}, '/redirect/english/store'],
    ['/de/account', {}, '/redirect/307/de/account/settings'],
    // A prefix's rule matches the bare prefix too.
    ['/de', { cookie: 'language=en' }, '/redirect/307'],
    ['/ru', { cookie: 'language=de' }, '/redirect/307/de'],
    ['/en', {}, '/redirect/english'],
    // An /en address is English, also in a German browser (docs/product/languages-and-routing.md#the-language-rules); the
    // redirect route remembers it for the visit, so its unprefixed address is not sent on to German.
    ['/en/contact', { 'accept-language': 'de-DE,de;q=0.9' }, '/redirect/english/contact'],
    ['/contact', { 'accept-language': 'de-DE,de;q=0.9', cookie: 'address-language=en' }, '/en/contact'],
    ['/contact', { 'accept-language': 'de-DE,de;q=0.9', cookie: 'address-language=en; language=ru' }, '/redirect/307/ru/contact'],
    // An unknown address with an extension goes to the catch-all page, then home (docs/product/languages-and-routing.md#routes),
    // like one without; the files of public/ and the app's own are served before this rewrite.
    ['/about.html', {}, '/en/about.html'],
    ['/wp-login.php', { 'accept-language': 'de' }, '/en/wp-login.php'],
    ['/en/foo.php', {}, '/redirect/english/foo.php'],
  ])('sends %s %j to %s', async (url, headers, target) => {
    const cookies = Object.fromEntries(
      ((headers as { cookie?: string }).cookie ?? '')
        .split('; ')
        .filter(Boolean)
        .map((pair) => pair.split('=')),
    );
    const response = await responseFromConfig({ url, nextConfig: config(), headers, cookies });
    // Its answer gets the page headers from the site server (tests/unit/site-guard.test.ts).
    expect(new URL(response.headers.get('x-middleware-rewrite')!).pathname).toBe(target);
  });

  it('rewrites a request once: no rule matches the redirect route', () => {
    const sources = [trailingSlashRedirect, ...localeRedirects()].map((rule) => rule.source);
    const matchers = sources.map((source) => getPathMatch(source, { strict: true, removeUnnamedParams: true }));
    for (const path of [
      '/redirect/307',
      '/redirect/307/de',
      '/redirect/308/contact',
      '/redirect/307/ru/legal/privacy-policy',
      '/redirect/308/api/health',
    ]) {
      expect(sources.filter((_, index) => matchers[index](path))).toEqual([]);
    }
  });

  it('the English address route redirects like the others and remembers the English address for the browser session', async () => {
    const response = await englishAddress(new NextRequest('http://site.test/redirect/english/contact?x=1'), {
      params: Promise.resolve({ to: ['contact'] }),
    });
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('/contact?x=1');
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^address-language=en; Path=\/; HttpOnly; SameSite=Lax$/);
    // No Max-Age or Expires: a session cookie, never a stored choice.
    expect(cookie).not.toMatch(/max-age|expires/i);
  });

  it('builds a local Location from the decoded segments, with the query', () => {
    expect(redirectLocation(undefined, '')).toBe('/');
    expect(redirectLocation(['de', 'contact'], '?x=1')).toBe('/de/contact?x=1');
    expect(redirectLocation(['de', 'a b', 'c/d'], '')).toBe('/de/a%20b/c%2Fd');
    // A segment that was %2F%2Fevil.example stays in the path, never naming another host.
    expect(redirectLocation(['//evil.example'], '')).toBe('/%2F%2Fevil.example');
  });
});
