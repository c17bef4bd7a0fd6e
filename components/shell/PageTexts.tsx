import { getLocale, getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { AppLocale } from '@/i18n/routing';
import { ShellI18nProvider } from './shell-i18n';
import { flattenMessages, pickMessages, shellMessagePaths, type Tree } from './shell-messages';

/**
 * For a public page's island whose texts need no ICU runtime (plain {name} arguments): they
 * join the shell's dictionary, so the page ships no i18n library (issue 7).
 */
export async function PageTexts({ paths, children }: { paths: readonly string[]; children: ReactNode }) {
  const [locale, messages] = await Promise.all([getLocale(), getMessages()]);
  const texts = flattenMessages(pickMessages(messages as unknown as Tree, [...shellMessagePaths, ...paths]));
  return <ShellI18nProvider value={{ locale: locale as AppLocale, texts }}>{children}</ShellI18nProvider>;
}
