/** Local browser storage: auth.session, language and cookie.consent (docs/product/api.md#cookies-and-browser-storage). */
export const storageKeys = {
  session: 'auth.session',
  language: 'language',
  cookieConsent: 'cookie.consent',
} as const;

export interface CookieConsent {
  timestamp: string;
  app: 'website';
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

export function readStorage(key: string): string | null {
  return storage()?.getItem(key) ?? null;
}

export function writeStorage(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    /* quota or privacy mode: the site works without it */
  }
}

export function readCookieConsent(): CookieConsent | null {
  try {
    const parsed: unknown = JSON.parse(readStorage(storageKeys.cookieConsent) ?? 'null');
    if (parsed && typeof parsed === 'object' && 'timestamp' in parsed) return parsed as CookieConsent;
  } catch {
    /* a damaged record counts as none */
  }
  return null;
}

export function recordCookieConsent(now = new Date()): CookieConsent {
  const consent: CookieConsent = { timestamp: now.toISOString(), app: 'website' };
  writeStorage(storageKeys.cookieConsent, JSON.stringify(consent));
  return consent;
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : null;
}
