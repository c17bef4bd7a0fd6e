import { localizedPath, splitLocalePath } from '@/i18n/language-choice';
import { localeRedirects, unprefixedPageSource } from '@/i18n/route-rules';
import { loginAddressFor } from '@/lib/portal-guard';
import { safeReturnPath } from '@/lib/return-path';

describe('localized paths', () => {
  it('splits and builds paths with English unprefixed', () => {
    expect(splitLocalePath('/de/contact')).toEqual({ prefix: 'de', rest: '/contact' });
    expect(splitLocalePath('/contact')).toEqual({ prefix: null, rest: '/contact' });
    expect(splitLocalePath('/ru')).toEqual({ prefix: 'ru', rest: '/' });
    expect(localizedPath('en', '/')).toBe('/');
    expect(localizedPath('en', '/contact')).toBe('/contact');
    expect(localizedPath('de', '/')).toBe('/de');
    expect(localizedPath('ru', '/legal')).toBe('/ru/legal');
  });
});

describe('language rules as redirects', () => {
  const rules = localeRedirects();
  const unprefixed = unprefixedPageSource;
  const matchesUnprefixed = (path: string) => new RegExp(`^/${unprefixed.slice(unprefixed.indexOf('(') + 1, -1)}$`).test(path);

  it('lets the stored choice win over every other address', () => {
    const stored = rules.filter((rule) => rule.has?.[0]?.key === 'language');
    expect(stored.map((rule) => `${rule.has![0].value}: ${rule.source} → ${rule.destination}`)).toEqual(
      expect.arrayContaining([
        'en: /de/:path* → /:path*',
        'de: / → /de',
        `de: ${unprefixed} → /de/:path`,
        'de: /ru/:path* → /de/:path*',
        'ru: /de/:path* → /ru/:path*',
      ]),
    );
  });

  it('sends first visits with a German browser to German, and only those', () => {
    const browser = rules.filter((rule) => rule.has?.[0]?.key === 'accept-language');
    expect(browser.map((rule) => rule.destination)).toEqual(['/de', '/de/:path']);
    expect(browser.every((rule) => rule.missing?.[0]?.key === 'language')).toBe(true);
    // Nor those whose address asked for English in this browser session (/en/…).
    expect(browser.every((rule) => rule.missing?.[1]?.key === 'address-language')).toBe(true);
    for (const header of ['de', 'de-AT,de;q=0.9', 'DE-de']) expect(new RegExp(`^${browser[0].has![0].value}$`).test(header)).toBe(true);
    for (const header of ['ru-RU,ru;q=0.9', 'en-US,de;q=0.9', 'fr'])
      expect(new RegExp(`^${browser[0].has![0].value}$`).test(header)).toBe(false);
  });

  it('treats only page addresses as unprefixed: not the API, Next files, other languages or files', () => {
    for (const path of ['/contact', '/legal/privacy-policy', '/store/cart', '/denmark']) expect(matchesUnprefixed(path)).toBe(true);
    for (const path of [
      '/de',
      '/de/contact',
      '/ru/legal',
      '/en/x',
      '/api/health',
      '/_next/static/a.js',
      '/favicon.svg',
      '/images/hero/desk1.webp',
      '/robots.txt',
    ]) {
      expect(matchesUnprefixed(path)).toBe(false);
    }
  });
});

describe('login guard of proxy.ts', () => {
  const guard = (address: string) => {
    const url = new URL(address, 'http://site.test');
    return loginAddressFor(url.pathname, url.searchParams);
  };

  it('sends portal pages without a session to a public page with the return path', () => {
    expect(guard('/account/settings')).toBe('/?login=/account/settings');
    expect(guard('/store/cart')).toBe('/?login=/store/cart');
    expect(guard('/store/checkout')).toBe('/store/pricing?login=/store/pricing');
    expect(guard('/app/talent')).toBe('/?login=/app/talent');
    expect(guard('/de/store/cart')).toBe('/de?login=/store/cart');
    expect(guard('/ru/store/checkout')).toBe('/ru/store/pricing?login=/store/pricing');
  });

  it('returns a billing link with ?invoice_id= or ?subscription_id= to that page', () => {
    const id = '0b8e7c1e-6f7a-4a63-9a53-2f1f3a1c0d9e';
    expect(guard(`/account/billing?invoice_id=${id}`)).toBe(`/?login=/account/billing/invoice/${id}`);
    expect(guard(`/de/account/billing?subscription_id=${id}`)).toBe(`/de?login=/account/billing/subscription/${id}`);
    // An id that is not one stays out of the return path.
    expect(guard('/account/billing?invoice_id=x%26login%3D//evil')).toBe('/?login=/account/billing');
  });

  it('hands back the path as it was asked, whatever characters it holds', () => {
    expect(new URL(guard('/account/a%3Fb&c#d'), 'http://site.test').searchParams.get('login')).toBe('/account/a%3Fb&c');
  });

  it('allows only local return paths', () => {
    expect(safeReturnPath('/account/settings')).toBe('/account/settings');
    expect(safeReturnPath('//evil.example')).toBeNull();
    expect(safeReturnPath('https://evil.example')).toBeNull();
    expect(safeReturnPath('/\\evil')).toBeNull();
    // Dot segments resolved would leave a protocol-relative address.
    expect(safeReturnPath('/.//evil.example')).toBeNull();
    expect(safeReturnPath('/x/..//evil.example')).toBeNull();
    // Browsers drop tabs and line breaks from a URL, so these would be //evil.example.
    expect(safeReturnPath('/\t/evil.example/phish')).toBeNull();
    expect(safeReturnPath('/\n/evil.example')).toBeNull();
    expect(safeReturnPath('/store/cart?x=1#top')).toBe('/store/cart?x=1#top');
  });
});
