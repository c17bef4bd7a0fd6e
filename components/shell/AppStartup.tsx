'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { localizedPath } from '@/i18n/language-choice';
import { syncStoredLanguage } from '@/lib/language-preference';
import { appActions } from '@/lib/state/app-state';
import { runStartup } from '@/lib/state/startup';
import { focusPageContent } from '../ui/focus-page-content';
import { useShellLocale, useShellPathname } from './shell-i18n';

let started = false;

/** Runs the startup (docs/product/accounts.md#startup) once per page load and keeps the language state in step. */
export function AppStartup() {
  const locale = useShellLocale();
  const pathname = useShellPathname();
  const router = useRouter();

  // Before any effect of the page runs: the islands' queries start there, keyed by this language.
  useLayoutEffect(() => appActions.setDisplayLanguage(locale), [locale]);

  useEffect(() => {
    const stored = syncStoredLanguage(locale);
    if (stored) router.replace(localizedPath(stored, pathname) + window.location.search);
    // Only the locale matters here: the pathname is read at the moment of the switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locale]);

  // After a client-side navigation the focus would stay on the link that was followed (in the
  // footer, say) or fall to the page: it moves to the new page's content, where a load starts.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    focusPageContent({ unlessInside: true });
  }, [pathname]);

  useEffect(() => {
    if (started) return;
    started = true;
    void runStartup();
  }, []);

  return null;
}
