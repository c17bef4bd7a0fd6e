'use client';

import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { isLoggedIn, useAppState } from '@/lib/state/app-state';
import { openAuthDialog } from '@/lib/state/auth-dialogs';
import { useLocalePath } from '../shell/shell-i18n';
import { Button } from '../ui/Button';
import { buttonClass } from '../ui/button-class';

export interface AppAccessTexts {
  openApp: string;
  loginRequired: string;
  login: string;
  checkingSession: string;
}

/**
 * Same box for every state, so the answer of the session check shifts nothing. It keeps its own
 * height beside the feature list (self-start): stretched to the list, OPEN APP alone floated in it.
 */
const boxClass = 'flex min-h-28 flex-col items-start justify-center gap-4 self-start rounded-xl border border-slate-200 bg-slate-50 p-6';

export function AppAccessPending({ texts }: { texts: AppAccessTexts }) {
  return (
    <div className={boxClass} aria-busy="true">
      <p className="text-slate-600">{texts.checkingSession}</p>
    </div>
  );
}

/**
 * docs/product/pages.md#app-pages: OPEN APP when logged in, the login message otherwise; `?a=logout` logs a
 * logged-in visitor out and `?a=login` opens the login dialog, which returns to the app.
 */
export function AppAccess({ appPath, texts }: { appPath: string; texts: AppAccessTexts }) {
  const checked = useAppState((state) => state.sessionChecked);
  const loggedIn = useAppState(isLoggedIn);
  const action = useSearchParams().get('a');
  const localePath = useLocalePath();
  // Each query value is acted on once: a later login must not be undone by a lingering ?a=logout.
  const handledAction = useRef<string | null>(null);

  useEffect(() => {
    if (!checked || handledAction.current === action) return;
    handledAction.current = action;
    // The logout's code (the API client) loads only when a visitor asks for it.
    if (action === 'logout' && loggedIn) void import('@/lib/state/session-actions').then(({ endSession }) => endSession());
    else if (action === 'login' && !loggedIn) openAuthDialog('login', appPath);
  }, [checked, loggedIn, action, appPath]);

  if (!checked) return <AppAccessPending texts={texts} />;
  return (
    <div className={boxClass} data-testid="app-access">
      {loggedIn ? (
        // The app's landing page (docs/product/billing.md#app-landing-pages), in this page's language;
        // through the shell's texts, as this public page carries no next-intl provider.
        <Link href={localePath(appPath)} className={buttonClass('primary')}>
          {texts.openApp}
        </Link>
      ) : (
        <>
          <p className="text-slate-800">{texts.loginRequired}</p>
          <Button onClick={() => openAuthDialog('login', appPath)}>{texts.login}</Button>
        </>
      )}
    </div>
  );
}
