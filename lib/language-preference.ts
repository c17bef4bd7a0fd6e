import { LANGUAGE_COOKIE, isAppLocale, type AppLocale } from '@/i18n/routing';
import { readCookie, readStorage, storageKeys, writeStorage } from './browser-storage';

const oneYear = 60 * 60 * 24 * 365;

/** Stores the visitor's language choice in local storage and in the cookie the server reads. */
export function storeLanguage(locale: AppLocale): void {
  writeStorage(storageKeys.language, locale);
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=${oneYear}; SameSite=Lax${secure}`;
}

/**
 * Keeps the two copies of the choice in step. Returns the stored language when the page
 * shown is in another one (the cookie had been lost but local storage kept the choice).
 */
export function syncStoredLanguage(current: AppLocale): AppLocale | null {
  const fromCookie = readCookie(LANGUAGE_COOKIE);
  const fromStorage = readStorage(storageKeys.language);
  if (isAppLocale(fromCookie)) {
    if (fromStorage !== fromCookie) writeStorage(storageKeys.language, fromCookie);
    return null;
  }
  if (isAppLocale(fromStorage)) {
    storeLanguage(fromStorage);
    return fromStorage === current ? null : fromStorage;
  }
  return null;
}
