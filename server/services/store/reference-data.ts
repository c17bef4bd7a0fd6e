import countries from 'i18n-iso-countries';
import countriesDe from 'i18n-iso-countries/langs/de.json';
import countriesEn from 'i18n-iso-countries/langs/en.json';
import countriesRu from 'i18n-iso-countries/langs/ru.json';
import apiDe from '../../../messages/api/de.json';
import apiEn from '../../../messages/api/en.json';
import apiRu from '../../../messages/api/ru.json';
import type { Country, UsState } from '../../../lib/contract/app';
import vatArea from '../../data/vat-id-countries.json';
import type { ApiLanguage } from '../platform/language';

for (const locale of [countriesEn, countriesDe, countriesRu]) countries.registerLocale(locale);

const vatCodes = new Set(vatArea.codes);
const countryLists = new Map<ApiLanguage, Country[]>();

/** ISO 3166-1 countries named in the caller's language, sorted for a select list. */
export function listCountries(language: ApiLanguage): Country[] {
  let list = countryLists.get(language);
  if (!list) {
    const collator = new Intl.Collator(language);
    list = Object.entries(countries.getNames(language, { select: 'official' }))
      .map(([Code, Name]) => ({ Code, Name, VatId: vatCodes.has(Code) }))
      .sort((a, b) => collator.compare(a.Name, b.Name));
    countryLists.set(language, list);
  }
  return list;
}

const stateNames: Record<ApiLanguage, Record<string, string>> = { en: apiEn.usStates, de: apiDe.usStates, ru: apiRu.usStates };
/** Military mail regions are not places: they stay after the states in every language. */
const militaryRegions = new Set(['AA', 'AE', 'AP']);
const stateLists = new Map<ApiLanguage, UsState[]>();

/** US states, the District of Columbia, territories and military mail regions (USPS codes), named in the caller's language and sorted for a select list. */
export function listUsStates(language: ApiLanguage): UsState[] {
  let list = stateLists.get(language);
  if (!list) {
    const collator = new Intl.Collator(language);
    const rank = (state: UsState) => (militaryRegions.has(state.Code) ? 1 : 0);
    list = Object.entries(stateNames[language])
      .map(([Code, Name]) => ({ Code, Name }))
      .sort((a, b) => rank(a) - rank(b) || collator.compare(a.Name, b.Name));
    stateLists.set(language, list);
  }
  return list;
}

export const isCountryCode = (code: string) => countries.isValid(code);

/** Countries whose business buyers give a VAT identification number (the countries list's VatId). */
export const isVatIdCountry = (code: string) => vatCodes.has(code);

export const usStateName = (code: string | null | undefined, language: ApiLanguage = 'en') =>
  code && Object.hasOwn(stateNames.en, code) ? stateNames[language][code] : null;

export const countryName = (code: string, language: ApiLanguage) => countries.getName(code, language, { select: 'official' }) ?? code;
