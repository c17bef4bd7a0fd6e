import { expect, test } from '@playwright/test';
import { APP_KEY, APP_KEY_HEADER } from '../../lib/contract/http';
import { apiHeaders, pageHeaders } from '../../lib/security-headers';
import { collectConsoleErrors } from './fixtures';

/** The headers a list prescribes, as an answer's headers() names them (`next start` is not the development server). */
const prescribed = (list: typeof pageHeaders) =>
  Object.fromEntries(list({ production: true, development: false }).map(({ key, value }) => [key.toLowerCase(), value]));
const pick = (headers: Record<string, string>, names: string[]) => Object.fromEntries(names.map((name) => [name, headers[name]]));

test.describe('security headers', () => {
  for (const path of ['/', '/de/legal/privacy-policy', '/store/pricing', '/account/settings']) {
    test(`${path} carries the security headers`, async ({ request }) => {
      // Any session cookie lets the page itself answer (the API checks the session; the page is static).
      const response = await request.get(path, { maxRedirects: 0, headers: { cookie: 'sid=any' } });
      expect(response.status()).toBe(200);
      const headers = response.headers();
      const csp = headers['content-security-policy'];
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('stripe.com');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy']).toContain('camera=()');
      expect(headers['strict-transport-security']).toContain('max-age=');
    });
  }

  // In-process here; the forwarder with BACKEND_URL in the topology stage.
  test('the /api Route Handler answers in-process, with the API’s headers, not the page policy', async ({ request }) => {
    const response = await request.get('/api/app/countries', { headers: { [APP_KEY_HEADER]: APP_KEY } });
    expect(response.status()).toBe(200);
    expect(await response.json()).toContainEqual({ Code: 'DE', Name: 'Germany', VatId: true });
    const headers = response.headers();
    for (const { key, value } of apiHeaders({ production: true, development: false }))
      expect([key, headers[key.toLowerCase()]]).toEqual([key, value]);
    expect(headers['permissions-policy']).toBeUndefined();
  });

  // Every kind of redirect, not followed: each must carry the headers of the address asked for.
  const redirects: { kind: string; path: string; headers?: Record<string, string>; location: string; list?: typeof pageHeaders }[] = [
    { kind: 'a German browser’s first visit', path: '/', headers: { 'accept-language': 'de-DE,de;q=0.9' }, location: '/de' },
    { kind: 'the stored language', path: '/contact?x=1', headers: { cookie: 'language=ru' }, location: '/ru/contact?x=1' },
    { kind: 'an /en address', path: '/en/solutions', location: '/solutions' },
    { kind: 'a section’s first page', path: '/de/store', location: '/de/store/pricing' },
    { kind: 'the login guard of proxy.ts', path: '/account/settings', location: '/?login=/account/settings' },
    { kind: 'a trailing slash', path: '/legal/privacy-policy/', location: '/legal/privacy-policy' },
    { kind: 'redirect() of an unknown page', path: '/de/no-such-page', location: '/de' },
    { kind: 'a trailing slash on the API', path: '/api/health/', location: '/api/health', list: apiHeaders },
    { kind: 'Next.js’s own, for a doubled slash', path: '/legal//privacy-policy', location: '/legal/privacy-policy' },
  ];
  for (const { kind, path, headers, location, list = pageHeaders } of redirects) {
    test(`a redirect carries them: ${kind}`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0, headers: { 'accept-language': 'en-US', ...headers } });
      expect(response.status()).toBeGreaterThanOrEqual(300);
      expect(response.status()).toBeLessThan(400);
      expect(response.headers().location).toBe(location);
      const expected = prescribed(list);
      expect(pick(response.headers(), Object.keys(expected))).toEqual(expected);
    });
  }

  test('a malformed %-escape is a 400 with the headers, on a page and on the API, not Next.js’s plain 500', async ({ request }) => {
    for (const [path, list] of [
      ['/contact/%ZZ', pageHeaders],
      ['/api/billing/invoice/%ZZ', apiHeaders],
    ] as const) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect([path, response.status()]).toEqual([path, 400]);
      expect(await response.text()).toContain('The address contains a malformed %-escape.');
      const expected = prescribed(list);
      expect(pick(response.headers(), Object.keys(expected))).toEqual(expected);
    }
  });

  test('only the checkout page may load Stripe', async ({ request }) => {
    for (const path of ['/store/checkout', '/de/store/checkout']) {
      const csp = (await request.get(path, { maxRedirects: 0, headers: { cookie: 'sid=any' } })).headers()['content-security-policy'];
      expect(csp).toContain('https://js.stripe.com');
      expect(csp).toContain("object-src 'none'");
    }
  });

  test('the console is never indexed', async ({ request }) => {
    for (const path of ['/admin', '/de/admin/customers']) {
      const response = await request.get(path, { maxRedirects: 0, headers: { cookie: 'sid=any' } });
      expect([path, response.headers()['x-robots-tag']]).toEqual([path, 'noindex, nofollow']);
    }
  });

  test('pages run under the policy without violations', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto('/');
    await page.goto('/contact');
    expect(errors.filter((error) => /Content Security Policy/i.test(error))).toEqual([]);
  });
});
