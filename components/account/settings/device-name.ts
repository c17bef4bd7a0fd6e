'use client';

import { useTranslations } from 'next-intl';
import type { AccountSession } from '@/lib/contract/user';

/** What a session is called on screen: its browser and system, as far as they are known (the settings and the console). */
export function useDeviceName() {
  const t = useTranslations('account.settings.sessions');
  return ({ Browser, System }: Pick<AccountSession, 'Browser' | 'System'>) => {
    if (Browser && System) return t('browserOnSystem', { browser: Browser, system: System });
    if (System) return t('unknownBrowserOn', { system: System });
    return Browser ?? t('unknownBrowser');
  };
}
