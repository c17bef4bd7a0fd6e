'use client';

import { snackbarDurations } from '@/lib/config';
import type { SessionInfo } from '@/lib/contract/auth';
import { appActions } from '@/lib/state/app-state';
import { closeAuthDialog, markAuthIntentDue, useAuthDialog } from '@/lib/state/auth-dialogs';
import { showSuccess, type SnackContent } from '@/lib/state/snackbar';
import { refreshAppInfo } from '@/lib/state/startup';
import { useGoToReturnPath } from './use-return-path';

/** Stores a new session, then loads the counts the way startup does (docs/product/accounts.md#app-state). */
async function startSession(session: SessionInfo | null): Promise<void> {
  appActions.setSession(session);
  if (session?.UserName) await refreshAppInfo();
}

/**
 * A login or sign-up that went through (docs/product/accounts.md#login, docs/product/accounts.md#sign-up-with-a-code): the session, the dialog closed
 * with its greeting, the way back; what the login interrupted is done once the counts have
 * loaded, so they cannot overwrite what it changes.
 */
export function useFinishLogin() {
  const { returnTo } = useAuthDialog();
  const goToReturnPath = useGoToReturnPath();
  return (
    session: SessionInfo,
    greeting: SnackContent = { key: 'snack.welcome' },
    greetingMs: number = snackbarDurations.short,
    /** Where to go instead of the dialog's return path. */
    goTo: string | null = returnTo,
  ) => {
    void startSession(session).then(markAuthIntentDue);
    closeAuthDialog();
    showSuccess(greeting, greetingMs);
    goToReturnPath(goTo);
  };
}
