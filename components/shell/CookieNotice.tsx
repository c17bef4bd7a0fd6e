'use client';

import dynamic from 'next/dynamic';
import { useSyncExternalStore } from 'react';
import { readCookieConsent } from '@/lib/browser-storage';

// Most visits come with a consent recorded: the notice's code loads only for those without one.
const CookieNoticeLoaded = dynamic(() => import('./CookieNoticeLoaded'), { ssr: false });

/** Another tab's consent hides the notice here too. */
function subscribeToStorage(onChange: () => void) {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/** Shown until a consent record exists in local storage (docs/product/pages.md#cookie-notice). */
export function CookieNotice() {
  // Local storage exists only in the browser: the server's page and hydration leave the notice out.
  const consentMissing = useSyncExternalStore(
    subscribeToStorage,
    () => readCookieConsent() === null,
    () => false,
  );
  return consentMissing ? <CookieNoticeLoaded /> : null;
}
