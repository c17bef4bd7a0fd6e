'use client';

import { useShellLocale, useShellText } from './shell-i18n';

export const languageButtonClass =
  'rounded px-2 py-2 text-sm font-semibold uppercase text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600';

/** The shown language code, named for screen readers with the code in it (WCAG 2.5.3: "EN" works by voice). */
export function LanguageButtonFace() {
  const t = useShellText();
  return (
    <>
      <span className="sr-only">{t('shell.languageMenu')}: </span>
      {useShellLocale()}
    </>
  );
}
