'use client';

import { useEffect, useRef, useState } from 'react';
import { adminRefusal } from '@/lib/api/admin';
import { ApiCallError } from '@/lib/api/client';
import { snackbarDurations } from '@/lib/config';
import { adminData } from '@/lib/contract/admin';
import { showError, showSuccess } from '@/lib/state/snackbar';
import { askPassword, checkGateAgain } from './console-store';

export type AdminData<T> = { status: 'loading' } | { status: 'notFound' } | { status: 'failed' } | { status: 'ready'; data: T };

/**
 * What a console screen loads. A missing id (404, or 400 for a malformed one) is "not found";
 * a session that lost its second factor sends the console back to the gate; anything else is
 * shown once (the server's message, already in the page's language) and offers a retry.
 * `refresh` loads again after a change and keeps showing the old data meanwhile.
 */
export function useAdminData<T>(key: string, load: (signal: AbortSignal) => Promise<T>) {
  const [state, setState] = useState<AdminData<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // The latest loader without making it an effect trigger (callers pass new closures).
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });

  // Another thing to show (a new filter): loading until it is there, set while rendering.
  const [shownKey, setShownKey] = useState(key);
  if (key !== shownKey) {
    setShownKey(key);
    setState({ status: 'loading' });
  }

  useEffect(() => {
    const controller = new AbortController();
    latest.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (adminRefusal(error) === adminData.secondFactor) return checkGateAgain();
        const status = error instanceof ApiCallError ? error.status : undefined;
        if (status === 404 || status === 400) return setState({ status: 'notFound' });
        if (error instanceof ApiCallError) showError(error.content);
        setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const retry = () => {
    setState({ status: 'loading' });
    setAttempt((count) => count + 1);
  };
  const refresh = () => setAttempt((count) => count + 1);
  return { state, retry, refresh };
}

/**
 * A console write: a refusal that asks for the password opens the password dialog and, once
 * it is confirmed, sends the call again; a lost second factor sends the console to the gate;
 * any other failure is reported (an error snack unless the form shows it). Null when it failed.
 */
export async function runAdminWrite<T>(call: () => Promise<T>, report: (message: string) => void = showErrorText): Promise<T | null> {
  for (let asked = false; ; asked = true) {
    try {
      return await call();
    } catch (error) {
      const refusal = adminRefusal(error);
      if (refusal === adminData.confirmPassword && !asked) {
        if (await askPassword()) continue;
        return null;
      }
      if (refusal === adminData.secondFactor) {
        checkGateAgain();
        return null;
      }
      if (error instanceof ApiCallError) {
        if ('text' in error.content) report(error.content.text);
        else showError(error.content);
      }
      return null;
    }
  }
}

const showErrorText = (text: string) => showError({ text });

/** A done write, in the console's words. */
export const reportDone = (text: string) => showSuccess({ text }, snackbarDurations.short);
