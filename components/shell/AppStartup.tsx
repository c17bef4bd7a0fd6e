'use client';

import { useLocale } from 'next-intl';
import { useEffect } from 'react';
import { usePathname, useRouter } from '@/i18n/navigation';
import type { AppLocale } from '@/i18n/routing';
import { syncStoredLanguage } from '@/lib/language-preference';
import { appActions } from '@/lib/state/app-state';
import { runStartup } from '@/lib/state/startup';

let started = false;

/** Runs the spec §4 startup once per page load and keeps the language state in step. */
export function AppStartup() {
  const locale = useLocale() as AppLocale;
  const pathname = usePathname();
  const router = useRouter();

  useEffect(() => {
    appActions.setDisplayLanguage(locale);
    const stored = syncStoredLanguage(locale);
    if (stored) router.replace(pathname, { locale: stored });
    // Only the locale matters here: the pathname is read at the moment of the switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locale]);

  useEffect(() => {
    if (started) return;
    started = true;
    void runStartup();
  }, []);

  return null;
}
