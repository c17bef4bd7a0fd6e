import legalDe from '@/messages/legal/de.json';
import legalEn from '@/messages/legal/en.json';
import legalRu from '@/messages/legal/ru.json';
import commonDe from '@/messages/de.json';
import commonEn from '@/messages/en.json';
import commonRu from '@/messages/ru.json';
import { postalAddressIn } from '@/lib/config';

const locales = {
  en: { common: commonEn, legal: legalEn.legal },
  de: { common: commonDe, legal: legalDe.legal },
  ru: { common: commonRu, legal: legalRu.legal },
};
const documents = [
  { key: 'termsOfService', footer: 'footerTerms' },
  { key: 'privacyPolicy', footer: 'footerPrivacy' },
  { key: 'cookiePolicy', footer: 'footerCookies' },
] as const;

describe.each(Object.entries(locales))('legal pages in %s', (locale, { common, legal }) => {
  it.each(documents)('$key: the page title, its heading and the footer link name it alike', ({ key, footer }) => {
    expect({ title: common.meta[key].title, footer: common.shell[footer] }).toEqual({ title: legal[key].title, footer: legal[key].title });
  });

  it('gives the postal address with the country in the page’s language', () => {
    const address = postalAddressIn(legal.postalCountry);
    expect(address).toContain('Plano, TX 75024');
    if (locale === 'en') expect(address).toMatch(/, United States$/);
    else expect(address).not.toContain('United States');
  });
});
