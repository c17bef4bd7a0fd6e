import { defineRouting } from 'next-intl/routing';
import { languages as locales, type Language } from '../lib/contract/languages';

export { locales };
export type AppLocale = Language;

/** The cookie that mirrors localStorage `language` so the server can read the stored choice. */
export const LANGUAGE_COOKIE = 'language';

export const routing = defineRouting({
  locales,
  defaultLocale: 'en',
  localePrefix: 'as-needed',
  // The redirects of route-rules.ts apply the order (stored choice, address, browser) themselves (docs/product/languages-and-routing.md#the-language-rules).
  localeDetection: false,
  localeCookie: false,
  alternateLinks: false,
});

export function isAppLocale(value: unknown): value is AppLocale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}
