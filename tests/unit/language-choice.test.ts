import { languageFromBrowser, localizedPath, splitLocalePath, storedLanguage } from '@/i18n/language-choice';
import { loginFallback, safeReturnPath } from '@/lib/portal-paths';

describe('language choice (spec §1)', () => {
  it.each([
    ['de-AT,de;q=0.9,en;q=0.8', 'de'],
    ['de', 'de'],
    ['DE-de', 'de'],
    ['ru-RU,ru;q=0.9', 'en'],
    ['en-US,de;q=0.9', 'en'],
    ['fr', 'en'],
    ['', 'en'],
    [null, 'en'],
  ])('browser language %p gives %p', (header, expected) => {
    expect(languageFromBrowser(header)).toBe(expected);
  });

  it('accepts only the site languages as a stored choice', () => {
    expect(storedLanguage('ru')).toBe('ru');
    expect(storedLanguage('fr')).toBeNull();
    expect(storedLanguage(undefined)).toBeNull();
  });

  it('splits and builds localized paths with English unprefixed', () => {
    expect(splitLocalePath('/de/contact')).toEqual({ prefix: 'de', rest: '/contact' });
    expect(splitLocalePath('/contact')).toEqual({ prefix: null, rest: '/contact' });
    expect(splitLocalePath('/ru')).toEqual({ prefix: 'ru', rest: '/' });
    expect(localizedPath('en', '/')).toBe('/');
    expect(localizedPath('en', '/contact')).toBe('/contact');
    expect(localizedPath('de', '/')).toBe('/de');
    expect(localizedPath('ru', '/legal')).toBe('/ru/legal');
  });
});

describe('login guard fallbacks (spec §2)', () => {
  it('sends portal pages to a public page with the return path', () => {
    expect(loginFallback('/store/cart')).toEqual({ page: '/', returnTo: '/store/cart', keepQuery: false });
    expect(loginFallback('/store/checkout')).toEqual({ page: '/store/pricing', returnTo: '/store/pricing', keepQuery: false });
    expect(loginFallback('/account/billing')).toEqual({ page: '/', returnTo: '/account/billing', keepQuery: true });
    expect(loginFallback('/app/talent')?.returnTo).toBe('/app/talent');
    expect(loginFallback('/store/pricing')).toBeNull();
    expect(loginFallback('/accounting')).toBeNull();
  });

  it('allows only local return paths', () => {
    expect(safeReturnPath('/account/settings')).toBe('/account/settings');
    expect(safeReturnPath('//evil.example')).toBeNull();
    expect(safeReturnPath('https://evil.example')).toBeNull();
    expect(safeReturnPath('/\\evil')).toBeNull();
  });
});
