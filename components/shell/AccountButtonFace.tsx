'use client';

import { isLoggedIn, useAppState } from '@/lib/state/app-state';
import { useShellText } from './shell-i18n';

// The minimum size is the icon's: a first paint of a partly received page can come before the
// icon is parsed, and the button growing then would shift the header (CLS).
export const menuButtonClass =
  'flex min-h-10 min-w-10 items-center gap-2 rounded-full p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600';

/** The account icon and, when logged in, the display name (or the address), named "Account" for screen readers too. */
export function AccountButtonFace() {
  const t = useShellText();
  const session = useAppState((state) => state.sessionInfo);
  const loggedIn = useAppState(isLoggedIn);
  return (
    <>
      <span className="sr-only">{t('shell.accountMenu')} </span>
      <svg aria-hidden viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8">
        <circle cx="12" cy="8" r="4" />
        <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
      </svg>
      {loggedIn && <span className="hidden max-w-40 truncate text-sm sm:inline">{session?.DisplayName || session?.UserName}</span>}
    </>
  );
}
