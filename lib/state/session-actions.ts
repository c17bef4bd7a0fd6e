import { logout } from '../api/auth';
import { snackbarDurations } from '../config';
import { appActions } from './app-state';
import { showSuccess } from './snackbar';

/** Ends the session on the server and in the browser, then says so (docs/product/accounts.md#logout). */
export async function endSession(): Promise<void> {
  try {
    await logout();
  } catch {
    // The server session may already be gone; the browser session ends either way.
  }
  appActions.setSession(null);
  showSuccess({ key: 'snack.sessionEnded' }, snackbarDurations.short);
}
