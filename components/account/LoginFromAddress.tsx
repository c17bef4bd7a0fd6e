'use client';

import { useSearchParams } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { LOGIN_PARAM, safeReturnPath } from '@/lib/return-path';
import { isLoggedIn, useAppState } from '@/lib/state/app-state';
import { openAuthDialog } from '@/lib/state/auth-dialogs';
import { useGoToReturnPath } from './use-return-path';

/**
 * The guard's fallback (the portal redirects in i18n/route-rules.ts, docs/product/languages-and-routing.md#login-guard): `?login=<return
 * path>` opens the login dialog once the session check is done, or goes straight back for a
 * user who is logged in. The parameter leaves the address bar at once, so a reload or a
 * shared link does not reopen the dialog.
 */
export default function LoginFromAddress() {
  const requested = useSearchParams()?.get(LOGIN_PARAM) ?? null;
  const checked = useAppState((state) => state.sessionChecked);
  const loggedIn = useAppState(isLoggedIn);
  const goToReturnPath = useGoToReturnPath();
  // Refs, not state: the request waits here for the session check and renders nothing.
  const pending = useRef<{ returnTo: string | null } | null>(null);
  // The parameter read last, taken once even if the address is slow to drop it.
  const taken = useRef<string | null>(null);

  useEffect(() => {
    const fresh = requested !== taken.current;
    taken.current = requested;
    if (fresh && requested !== null) {
      pending.current = { returnTo: safeReturnPath(requested) };
      const url = new URL(window.location.href);
      url.searchParams.delete(LOGIN_PARAM);
      window.history.replaceState(null, '', url.pathname + url.search + url.hash);
    }
    if (!pending.current || !checked) return;
    const { returnTo } = pending.current;
    pending.current = null;
    if (loggedIn) goToReturnPath(returnTo);
    else openAuthDialog('login', returnTo);
  }, [requested, checked, loggedIn, goToReturnPath]);

  return null;
}
