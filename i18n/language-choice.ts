import { isAppLocale, type AppLocale } from './routing';

// The language rules themselves are redirect rules of i18n/route-rules.ts; these are the
// path helpers the browser code shares with them.

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
