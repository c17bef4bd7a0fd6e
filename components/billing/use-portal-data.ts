'use client';

import { useEffect, useRef, useState } from 'react';
import { usePathname } from '@/i18n/navigation';
import { ApiCallError } from '@/lib/api/client';
import { useAppState } from '@/lib/state/app-state';
import { openAuthDialog } from '@/lib/state/auth-dialogs';
import { showError } from '@/lib/state/snackbar';

export type PortalData<T> =
  { status: 'loading' } | { status: 'loginRequired' } | { status: 'notFound' } | { status: 'failed' } | { status: 'ready'; data: T };

/**
 * What a billing screen loads for the signed-in user, once the session check is done.
 * A visit without a session asks for a login that returns here; so does a call that finds
 * the session gone (401: the API client has cleared it). A logout while here asks nothing
 * (the shell takes the user home). A missing or foreign id (404; 400 for a malformed one)
 * is "not found"; any other failure is shown once and offers a retry.
 */
export function usePortalData<T>(key: string, load: (signal: AbortSignal) => Promise<T>) {
  const pathname = usePathname();
  const checked = useAppState((state) => state.sessionChecked);
  const userName = useAppState((state) => state.sessionInfo?.UserName ?? null);
  const [state, setState] = useState<PortalData<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // The latest loader and path without making them effect triggers (callers pass new closures).
  const latest = useRef({ load, pathname });
  useEffect(() => {
    latest.current = { load, pathname };
  });
  const firstCheck = useRef(true);

  useEffect(() => {
    if (!checked) return;
    if (!userName) {
      setState({ status: 'loginRequired' });
      if (firstCheck.current) openAuthDialog('login', latest.current.pathname);
      firstCheck.current = false;
      return;
    }
    firstCheck.current = false;
    const controller = new AbortController();
    setState({ status: 'loading' });
    latest.current.load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        const status = error instanceof ApiCallError ? error.status : undefined;
        if (status === 401) return openAuthDialog('login', latest.current.pathname);
        if (controller.signal.aborted) return;
        if (status === 404 || status === 400) return setState({ status: 'notFound' });
        if (error instanceof ApiCallError) showError(error.content);
        setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [checked, userName, key, attempt]);

  /** Replaces the loaded value after a change the server confirmed (e.g. a cancel). */
  const update = (change: (data: T) => T) =>
    setState((current) => (current.status === 'ready' ? { status: 'ready', data: change(current.data) } : current));
  const retry = () => setAttempt((count) => count + 1);
  return { state, update, retry };
}
