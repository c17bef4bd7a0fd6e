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

  // In-process and through the forwarder with BACKEND_URL: next.config.ts gives both the API's list.
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

  test('pages run under the policy without violations', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto('/');
    await page.goto('/contact');
    expect(errors.filter((error) => /Content Security Policy/i.test(error))).toEqual([]);
  });
});
