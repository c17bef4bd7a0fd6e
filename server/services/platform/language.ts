import { languages, type Language } from '../../../lib/contract/languages';

const apiLanguages = languages;
export type ApiLanguage = Language;

/** The first of the site's languages named in an Accept-Language header, else English. */
export function pickLanguage(acceptLanguage: string | undefined): ApiLanguage {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0].trim().slice(0, 2).toLowerCase();
    const match = apiLanguages.find((language) => language === tag);
    if (match) return match;
  }
  return 'en';
}
