'use client';

import { usePathname } from 'next/navigation';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { localizedPath, splitLocalePath } from '@/i18n/language-choice';
import type { MessageKey } from '@/i18n/messages';
import type { AppLocale } from '@/i18n/routing';
import { fillArguments } from '@/lib/contract/text';

/**
 * The shell's texts in the browser: a flat dictionary ("snack.welcome" → text) made on the
 * server from messages/. The shell is on every page, so it carries no ICU runtime: these
 * texts use plain {name} arguments only (tests/unit/shell-texts.test.ts checks that).
 */
export interface ShellI18n {
  locale: AppLocale;
  texts: Record<string, string>;
}

const ShellI18nContext = createContext<ShellI18n>({ locale: 'en', texts: {} });

export function ShellI18nProvider({ value, children }: { value: ShellI18n; children: ReactNode }) {
  return <ShellI18nContext.Provider value={value}>{children}</ShellI18nContext.Provider>;
}

/** Adds texts to the shell's dictionary below it: a page's island, or a dialog loaded on demand. */
export function MoreShellTexts({ texts, children }: { texts: Record<string, string>; children: ReactNode }) {
  const shell = useContext(ShellI18nContext);
  const value = useMemo(() => ({ locale: shell.locale, texts: { ...shell.texts, ...texts } }), [shell, texts]);
  return <ShellI18nContext.Provider value={value}>{children}</ShellI18nContext.Provider>;
}

export function useShellText() {
  const { texts } = useContext(ShellI18nContext);
  return (key: MessageKey, values?: Record<string, string | number>) => {
    const text = texts[key];
    // The key then shows as text: a bug (the texts did not travel with this page), said where the e2e tests listen.
    if (text === undefined) console.error(`No text for "${key}" on this page`);
    return fillArguments(text ?? key, values);
  };
}

export const useShellLocale = () => useContext(ShellI18nContext).locale;

/** Links in the shell: a path of the site in the page's language ("/contact" → "/de/contact"). */
export function useLocalePath() {
  const locale = useShellLocale();
  return (path: string) => localizedPath(locale, path);
}

/** The current page's path without its language prefix. */
export function useShellPathname(): string {
  const pathname = usePathname() ?? '/';
  return useMemo(() => splitLocalePath(pathname).rest, [pathname]);
}
