import { localizedPath, splitLocalePath } from '@/i18n/language-choice';
import { defaultLocaleRewrites, headersRulesRead, languageVary, localeRedirects, portalRedirects } from '@/i18n/route-rules';
import { safeReturnPath } from '@/lib/portal-paths';

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

describe('language rules (spec §1) as redirects', () => {
  const rules = localeRedirects();
  const unprefixed = defaultLocaleRewrites()[1].source;
  const matchesUnprefixed = (path: string) => new RegExp(`^/${unprefixed.slice(unprefixed.indexOf('(') + 1, -1)}$`).test(path);

  it('lets the stored choice win over every other address', () => {
    const stored = rules.filter((rule) => rule.has?.[0]?.key === 'language');
    expect(stored.map((rule) => `${rule.has![0].value}: ${rule.source} → ${rule.destination}`)).toEqual(
      expect.arrayContaining(['en: /de/:path* → /:path*', 'de: / → /de', `de: ${unprefixed} → /de/:path`, 'de: /ru/:path* → /de/:path*', 'ru: /de → /ru']),
    );
  });

  it('sends first visits with a German browser to German, and only those', () => {
    const browser = rules.filter((rule) => rule.has?.[0]?.key === 'accept-language');
    expect(browser.map((rule) => rule.destination)).toEqual(['/de', '/de/:path']);
    expect(browser.every((rule) => rule.missing?.[0]?.key === 'language')).toBe(true);
    for (const header of ['de', 'de-AT,de;q=0.9', 'DE-de']) expect(new RegExp(`^${browser[0].has![0].value}$`).test(header)).toBe(true);
    for (const header of ['ru-RU,ru;q=0.9', 'en-US,de;q=0.9', 'fr']) expect(new RegExp(`^${browser[0].has![0].value}$`).test(header)).toBe(false);
  });

  it('treats only page addresses as unprefixed: not the API, Next files, other languages or files', () => {
    for (const path of ['/contact', '/legal/privacy-policy', '/store/cart', '/denmark']) expect(matchesUnprefixed(path)).toBe(true);
    for (const path of ['/de', '/de/contact', '/ru/legal', '/en/x', '/api/health', '/_next/static/a.js', '/favicon.svg', '/images/hero/desk1.webp', '/robots.txt']) {
      expect(matchesUnprefixed(path)).toBe(false);
    }
  });
});

describe('the Vary of a page address', () => {
  it('names the cookies on every page address, and the browser’s language where no prefix decides', () => {
    for (const path of ['/', '/contact', '/legal/privacy-policy', '/store/cart']) expect(languageVary(path)).toBe('Cookie, Accept-Language');
    for (const path of ['/de', '/de/contact', '/ru/legal/privacy-policy']) expect(languageVary(path)).toBe('Cookie');
    for (const path of ['/api/health', '/_next/static/a.js', '/favicon.svg', '/en/contact', '/denmark.png']) expect(languageVary(path)).toBeNull();
  });
});

describe('a request as the rules read it (the site cache’s comparison)', () => {
  const read = (headers: Record<string, string>) => headersRulesRead(headers);

  it('keeps of the cookies only the stored language and whether there is a session', () => {
    expect(read({ cookie: 'XSRF-TOKEN=abc; sid=s3cret; language=de; theme=dark' }).cookie).toBe('sid; language=de');
    expect(read({ cookie: 'XSRF-TOKEN=other; language=de;sid=another' }).cookie).toBe('language=de; sid');
    expect(read({ cookie: 'XSRF-TOKEN=abc' }).cookie).toBe('');
    expect(read({ cookie: ' language = ru ; sid=' }).cookie).toBe('language=ru; sid=');
    expect(read({ cookie: 'sid=""; language=de; language=ru' }).cookie).toBe('sid=; language=de; language=ru');
    expect(read({ cookie: 'sidebar=1; mylanguage=de; sid' }).cookie).toBe('');
  });

  it('keeps of the browser’s language only whether rule 3 takes it for German', () => {
    const browser = localeRedirects().find((rule) => rule.has?.[0]?.key === 'accept-language')!.has![0].value!;
    for (const header of ['de', 'de-AT,de;q=0.9', 'DE-de', 'en-US,de;q=0.9', 'ru', '']) {
      expect(read({ 'accept-language': header })['accept-language']).toBe(new RegExp(`^${browser}$`).test(header) ? 'de' : '');
    }
    expect(read({})).toEqual(read({ cookie: 'XSRF-TOKEN=abc', 'accept-language': 'en' }));
  });

  it('leaves every other header as it came', () => {
    expect(read({ rsc: '1', 'accept-encoding': 'gzip', host: 'example.com', cookie: 'language=en' })).toEqual({ rsc: '1', 'accept-encoding': 'gzip', host: 'example.com', cookie: 'language=en', 'accept-language': '' });
  });
});

describe('login guard (spec §2) as redirects', () => {
  it('sends portal pages without a session cookie to a public page with the return path', () => {
    const rules = portalRedirects();
    expect(rules.every((rule) => rule.missing?.[0]?.key === 'sid')).toBe(true);
    expect(rules.map((rule) => `${rule.source} → ${rule.destination}`)).toEqual(
      expect.arrayContaining([
        '/account/:path* → /?login=/account/:path*',
        '/store/cart → /?login=/store/cart',
        '/store/checkout → /store/pricing?login=/store/pricing',
        '/app/talent → /?login=/app/talent',
        '/de/store/cart → /de?login=/store/cart',
      ]),
    );
  });

  it('returns a billing link with ?invoice_id= or ?subscription_id= to that page, ahead of the general rule', () => {
    const rules = portalRedirects();
    const invoice = rules.findIndex((rule) => rule.source === '/account/billing' && rule.has?.[0]?.key === 'invoice_id');
    expect(rules[invoice].destination).toBe('/?login=/account/billing/invoice/:id');
    expect(rules.find((rule) => rule.source === '/de/account/billing' && rule.has?.[0]?.key === 'subscription_id')?.destination).toBe('/de?login=/account/billing/subscription/:id');
    expect(invoice).toBeLessThan(rules.findIndex((rule) => rule.source === '/account/:path*'));
    const id = new RegExp(`^${rules[invoice].has![0].value}$`);
    expect(id.test('0b8e7c1e-6f7a-4a63-9a53-2f1f3a1c0d9e')).toBe(true);
    expect(id.test('x&login=//evil')).toBe(false);
  });

  it('allows only local return paths', () => {
    expect(safeReturnPath('/account/settings')).toBe('/account/settings');
    expect(safeReturnPath('//evil.example')).toBeNull();
    expect(safeReturnPath('https://evil.example')).toBeNull();
    expect(safeReturnPath('/\\evil')).toBeNull();
    // Browsers drop tabs and line breaks from a URL, so these would be //evil.example.
    expect(safeReturnPath('/\t/evil.example/phish')).toBeNull();
    expect(safeReturnPath('/\n/evil.example')).toBeNull();
    expect(safeReturnPath('/store/cart?x=1#top')).toBe('/store/cart?x=1#top');
  });
});
