import { expect, test } from '@playwright/test';
import { APP_KEY, APP_KEY_HEADER } from '../../lib/contract/http';
import { collectConsoleErrors } from './fixtures';

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

  // In-process (server/site-listener.ts) and through the forwarder with BACKEND_URL (next.config.ts).
  test('API answers carry the API’s headers, not the page policy', async ({ request, baseURL }) => {
    for (const base of [baseURL, `http://localhost:${process.env.E2E_FORWARDING_PORT}`]) {
      const headers = (await request.get(`${base}/api/app/countries`, { headers: { [APP_KEY_HEADER]: APP_KEY } })).headers();
      expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['strict-transport-security']).toContain('max-age=');
      expect(headers['permissions-policy']).toBeUndefined();
    }
  });

  test('only the checkout page may load Stripe', async ({ request }) => {
    for (const path of ['/store/checkout', '/de/store/checkout']) {
      const csp = (await request.get(path, { maxRedirects: 0, headers: { cookie: 'sid=any' } })).headers()['content-security-policy'];
      expect(csp).toContain('https://js.stripe.com');
      expect(csp).toContain("object-src 'none'");
    }
  });

  test('a page answered from the site’s cache still follows the language rules', async ({ request }) => {
    const path = '/legal/terms-of-service';
    const first = await request.get(path, { maxRedirects: 0 });
    const second = await request.get(path, { maxRedirects: 0 });
    expect(second.headers()['age']).toMatch(/^\d+$/);
    expect(await second.text()).toBe(await first.text());
    expect(first.headers()['vary']).toContain('Cookie, Accept-Language');
    expect(second.headers()['vary']).toBe(first.headers()['vary']);
    expect(second.headers()['content-security-policy']).toBe(first.headers()['content-security-policy']);
    const german = await request.get(path, { maxRedirects: 0, headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect([german.status(), german.headers()['location']]).toEqual([307, `/de${path}`]);
    const chosen = await request.get(path, { maxRedirects: 0, headers: { cookie: 'language=ru' } });
    expect([chosen.status(), chosen.headers()['location']]).toEqual([307, `/ru${path}`]);
    // Another visitor, with cookies and a browser language the rules do not read, is given the same copy…
    const visitor = { cookie: 'XSRF-TOKEN=another-visitor', 'accept-language': 'en-GB,en;q=0.9' };
    const shared = await request.get(path, { maxRedirects: 0, headers: visitor });
    expect([shared.status(), shared.headers()['age']]).toEqual([200, expect.stringMatching(/^\d+$/)]);
    expect(await shared.text()).toBe(await first.text());
    // …and the rules still apply to them.
    const theirChoice = await request.get(path, { maxRedirects: 0, headers: { ...visitor, cookie: `${visitor.cookie}; language=de` } });
    expect([theirChoice.status(), theirChoice.headers()['location']]).toEqual([307, `/de${path}`]);
    const theirBrowser = await request.get(path, { maxRedirects: 0, headers: { ...visitor, 'accept-language': 'de-AT,de;q=0.9' } });
    expect([theirBrowser.status(), theirBrowser.headers()['location']]).toEqual([307, `/de${path}`]);
  });

  test('pages run under the policy without violations', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto('/');
    await page.goto('/contact');
    expect(errors.filter((error) => /Content Security Policy/i.test(error))).toEqual([]);
  });
});
