'use client';

import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { isLoggedIn, useAppState } from '@/lib/state/app-state';
import { openAuthDialog } from '@/lib/state/auth-dialogs';
import { useShellLocale } from '../shell/shell-i18n';

export type StoreSession = 'checking' | 'loggedOut' | 'loggedIn';

/**
 * The store pages behind the login: the router's redirects send visitors without a cookie away, so
 * this covers a cookie the server no longer knows. Only the first answer opens the login; a
 * logout from the menu while here just shows the login panel.
 */
export function useStoreSession(returnTo: string): StoreSession {
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

/**
 * Catalog names, country names and server messages come in the Accept-Language of the app
 * state, which the shell sets from the page locale after the first render: wait for it.
 */
export function useApiLanguageReady(): boolean {
  const locale = useShellLocale();
  return useAppState((state) => state.displayLanguage) === locale;
}

export type Loaded<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; retry(): void };

/** Loads each time `enabled` turns true; the API client has already shown any failure, which offers a retry. */
export function useLoaded<T>(enabled: boolean, load: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const startLoad = useEffectEvent(load);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const retry = () => {
      setState({ status: 'loading' });
      setAttempt((count) => count + 1);
    };
    startLoad().then(
      (data) => live && setState({ status: 'ready', data }),
      // A reload (after a login) that fails keeps what is on screen, and what was typed into it.
      () => live && setState((shown) => (shown.status === 'ready' ? shown : { status: 'failed', retry })),
    );
    return () => {
      live = false;
    };
  }, [enabled, attempt]);
  return state;
}
