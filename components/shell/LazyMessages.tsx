'use client';

import { NextIntlClientProvider } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';
import type { AppLocale } from '@/i18n/routing';
import { useShellLocale } from './shell-i18n';

type Loader = (locale: AppLocale) => Promise<Record<string, unknown>>;

/**
 * Loads the messages of code that is itself loaded on demand (the login and sign-up
 * dialogs), so no page carries them until they are needed. Renders nothing until ready.
 */
export function LazyMessages({ load, children }: { load: Loader; children: ReactNode }) {
  const locale = useShellLocale();
  const [loaded, setLoaded] = useState<{ locale: AppLocale; messages: Record<string, unknown> } | null>(null);
  useEffect(() => {
    let current = true;
    void load(locale).then((messages) => current && setLoaded({ locale, messages }));
    return () => {
      current = false;
    };
  }, [load, locale]);
  if (loaded?.locale !== locale) return null;
  return (
    <NextIntlClientProvider locale={locale} messages={loaded.messages} timeZone="UTC">
      {children}
    </NextIntlClientProvider>
  );
}

/** The account namespace and the dialog buttons, for the login and sign-up dialogs (validation texts come with the shell). */
export async function loadAccountMessages(locale: AppLocale): Promise<Record<string, unknown>> {
  const [account, common] = await Promise.all([import(`@/messages/account/${locale}.json`), import(`@/messages/${locale}.json`)]);
  return { account: account.default.account, dialog: common.default.dialog };
}
