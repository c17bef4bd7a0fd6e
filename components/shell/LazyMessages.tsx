'use client';

import { NextIntlClientProvider } from 'next-intl';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AppLocale } from '@/i18n/routing';
import { MoreShellTexts, useShellLocale } from './shell-i18n';
import { flattenMessages, formMessagePaths, pickMessages } from './shell-messages';

type Loader = (locale: AppLocale) => Promise<Record<string, unknown>>;

/**
 * Loads the messages of code that is itself loaded on demand (the login and sign-up
 * dialogs), so no page carries them until they are needed; the form error texts among them
 * join the shell's dictionary. Renders nothing until ready.
 */
export function LazyMessages({ load, children }: { load: Loader; children: ReactNode }) {
  const locale = useShellLocale();
  const [loaded, setLoaded] = useState<{ locale: AppLocale; messages: Record<string, unknown> } | null>(null);
  const formTexts = useMemo(() => (loaded ? flattenMessages(pickMessages(loaded.messages, formMessagePaths)) : {}), [loaded]);
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
      <MoreShellTexts texts={formTexts}>{children}</MoreShellTexts>
    </NextIntlClientProvider>
  );
}

/** The account namespace, the dialog buttons and the form error texts, for the login and sign-up dialogs. */
export async function loadAccountMessages(locale: AppLocale): Promise<Record<string, unknown>> {
  const [account, common] = await Promise.all([import(`@/messages/account/${locale}.json`), import(`@/messages/${locale}.json`)]);
  return { account: account.default.account, dialog: common.default.dialog, validation: common.default.validation };
}
