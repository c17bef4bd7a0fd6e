'use client';

import { useEffect, useRef } from 'react';
import { isLoggedIn, useAppState } from '@/lib/state/app-state';
import { openAuthDialog } from '@/lib/state/auth-dialogs';

type SessionGate = 'checking' | 'loggedOut' | 'loggedIn';

/**
 * The pages behind the login: the router's redirects send visitors without a cookie away, so
 * this covers a cookie the server no longer knows. Only the first answer opens the login; a
 * logout from the menu while here just shows the login panel.
 */
export function useSessionGate(returnTo: string): SessionGate {
  const checked = useAppState((state) => state.sessionChecked);
  const loggedIn = useAppState(isLoggedIn);
  const asked = useRef(false);
  useEffect(() => {
    if (!checked || asked.current) return;
    asked.current = true;
    if (!loggedIn) openAuthDialog('login', returnTo);
  }, [checked, loggedIn, returnTo]);
  if (!checked) return 'checking';
  return loggedIn ? 'loggedIn' : 'loggedOut';
}
