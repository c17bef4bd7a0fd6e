'use client';

import { useEffect, useRef, useState } from 'react';
import { usePathname } from '@/i18n/navigation';
import { ApiCallError } from '@/lib/api/client';
import { useAppState } from '@/lib/state/app-state';
import { openAuthDialog } from '@/lib/state/auth-dialogs';
import { showError } from '@/lib/state/snackbar';

type Settled<T> = { status: 'notFound' } | { status: 'failed' } | { status: 'ready'; data: T };
export type PortalData<T> = { status: 'loading' } | { status: 'loginRequired' } | Settled<T>;

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
  const [attempt, setAttempt] = useState(0);
  // A result belongs to the request that produced it: a new user, key or retry is loading again.
  const request = JSON.stringify([userName, key, attempt]);
  const [result, setResult] = useState<{ request: string; state: Settled<T> } | null>(null);
  // The latest loader and path without making them effect triggers (callers pass new closures).
  const latest = useRef({ load, pathname });
  useEffect(() => {
    latest.current = { load, pathname };
  });
  const firstCheck = useRef(true);

  useEffect(() => {
    if (!checked) return;
    const wasFirstCheck = firstCheck.current;
    firstCheck.current = false;
    if (!userName) {
      if (wasFirstCheck) openAuthDialog('login', latest.current.pathname);
      return;
    }
    const controller = new AbortController();
    const settle = (state: Settled<T>) => {
      if (!controller.signal.aborted) setResult({ request, state });
    };
    latest.current.load(controller.signal).then(
      (data) => settle({ status: 'ready', data }),
      (error: unknown) => {
        const status = error instanceof ApiCallError ? error.status : undefined;
        if (status === 401) return openAuthDialog('login', latest.current.pathname);
        if (status === 404 || status === 400) return settle({ status: 'notFound' });
        if (error instanceof ApiCallError && !controller.signal.aborted) showError(error.content);
        settle({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [checked, userName, request]);

  let state: PortalData<T> = { status: 'loading' };
  if (checked && !userName) state = { status: 'loginRequired' };
  else if (checked && result?.request === request) state = result.state;

  /** Replaces the loaded value after a change the server confirmed (e.g. a cancel). */
  const update = (change: (data: T) => T) =>
    setResult((current) =>
      current?.state.status === 'ready'
        ? { request: current.request, state: { status: 'ready', data: change(current.state.data) } }
        : current,
    );
  const retry = () => setAttempt((count) => count + 1);
  return { state, update, retry };
}
