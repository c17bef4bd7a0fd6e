'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRefusal } from '@/lib/api/admin';
import { ApiCallError } from '@/lib/api/client';
import { snackbarDurations } from '@/lib/config';
import { adminData } from '@/lib/contract/admin';
import { isNotFound } from '@/lib/query/client';
import { showError, showSuccess } from '@/lib/state/snackbar';
import { useDataScope } from '../data/use-data-scope';
import { askPassword, checkGateAgain } from './console-store';

export type AdminData<T> = { status: 'loading' } | { status: 'notFound' } | { status: 'failed' } | { status: 'ready'; data: T };

/** The session lost its second factor and the gate asks again: nothing for the screen to show. */
class BackToGate extends Error {}

/** The password asked for before a write was not confirmed: the write ends quietly. */
class NotConfirmed extends Error {}

function gateOnSecondFactor(error: unknown): never {
  if (adminRefusal(error) === adminData.secondFactor) {
    checkGateAgain();
    throw new BackToGate();
  }
  throw error;
}

/**
 * What a console screen loads. A missing id is "not found"; a session that lost its second
 * factor sends the console back to the gate; anything else is shown once (the server's
 * message, already in the page's language) and offers a retry. After a write the screen's
 * data loads again (invalidated) and the old data stays on screen meanwhile.
 */
export function useAdminQuery<T>(key: readonly unknown[], load: (signal: AbortSignal) => Promise<T>) {
  const query = useQuery({
    queryKey: [...useDataScope('admin'), ...key],
    queryFn: ({ signal }) => load(signal).catch(gateOnSecondFactor),
    meta: { showFailure: true },
  });
  let state: AdminData<T> = { status: 'loading' };
  if (query.data !== undefined) state = { status: 'ready', data: query.data };
  else if (query.isError && !query.isFetching && !(query.error instanceof BackToGate))
    state = { status: isNotFound(query.error) ? 'notFound' : 'failed' };
  return { state, retry: () => void query.refetch() };
}

/**
 * A console write: a refusal that asks for the password opens the password dialog and, once
 * it is confirmed, sends the call again; a lost second factor sends the console to the gate;
 * any other failure is reported (an error snack unless the form shows it). A write that went
 * through invalidates the console's reads, so the screens show its effect.
 */
export function useAdminWrite<Variables, Answer>(
  write: (variables: Variables) => Promise<Answer>,
  report: (message: string) => void = showErrorText,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: Variables) => {
      for (let asked = false; ; asked = true) {
        try {
          return await write(variables);
        } catch (error) {
          if (adminRefusal(error) !== adminData.confirmPassword || asked) return gateOnSecondFactor(error);
          if (!(await askPassword())) throw new NotConfirmed();
        }
      }
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin'] }),
    onError: (error) => {
      if (!(error instanceof ApiCallError)) return;
      if ('text' in error.content) report(error.content.text);
      else showError(error.content);
    },
  });
}

const showErrorText = (text: string) => showError({ text });

/** A done write, in the console's words. */
export const reportDone = (text: string) => showSuccess({ text }, snackbarDurations.short);
