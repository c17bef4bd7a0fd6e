import countries from 'i18n-iso-countries';
import countriesDe from 'i18n-iso-countries/langs/de.json';
import countriesEn from 'i18n-iso-countries/langs/en.json';
import countriesRu from 'i18n-iso-countries/langs/ru.json';
import regionData from 'country-region-data/data.json';
import type { Country, UsState } from '../../lib/contract/app';
import vatArea from '../data/vat-id-countries.json';
import type { ApiLanguage } from './language';

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

const usStates: UsState[] = (regionData.find((country) => country.countryShortCode === 'US')?.regions ?? []).flatMap(
  (region) => (region.shortCode ? [{ Code: region.shortCode, Name: region.name }] : []),
);

/** US states, the District of Columbia, territories and military mail regions (USPS codes). */
export function listUsStates(): UsState[] {
  return usStates;
}

export const isCountryCode = (code: string) => countries.isValid(code);

export const usStateName = (code: string | null | undefined) => usStates.find((state) => state.Code === code)?.Name ?? null;

export const countryName = (code: string, language: ApiLanguage) => countries.getName(code, language, { select: 'official' }) ?? code;
