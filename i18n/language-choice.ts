import { isAppLocale, type AppLocale } from './routing';

/**
 * Spec §1 for a first visit without a stored choice: a browser language starting with
 * "de" gives German; anything else gives English (Russian only by explicit choice).
 */
export function languageFromBrowser(acceptLanguage: string | null | undefined): AppLocale {
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('de') ? 'de' : 'en';
}

export function storedLanguage(value: string | undefined | null): AppLocale | null {
  return isAppLocale(value) ? value : null;
}

/** Splits "/de/contact" into its locale prefix (if any) and the rest of the path. */
export function splitLocalePath(pathname: string): { prefix: AppLocale | null; rest: string } {
  const [, first, ...rest] = pathname.split('/');
  if (isAppLocale(first)) return { prefix: first, rest: '/' + rest.join('/') };
  return { prefix: null, rest: pathname };
}

export function localizedPath(locale: AppLocale, rest: string): string {
  const path = rest === '/' ? '' : rest;
  return locale === 'en' ? path || '/' : `/${locale}${path}`;
}
