import type { SessionInfo } from '../contract/auth';
import { fetchAppInfo } from '../api/app';
import { fetchSessionInfo } from '../api/auth';
import { appActions } from './app-state';

/** Startup (docs/product/accounts.md#startup): session first; app info only for a logged-in user; errors leave the user logged out. */
export async function runStartup(): Promise<void> {
  appActions.markInitialized();
  let session: SessionInfo | null = null;
  try {
    session = await fetchSessionInfo();
  } catch {
    // Ignored on purpose (docs/product/accounts.md#startup): the user stays logged out.
  }
  appActions.setSession(session);
  appActions.markSessionChecked();
  if (session?.UserName) await refreshAppInfo();
}

/** Loads the cart and notification counts (app info); a failure is not shown (docs/product/api.md#errors) and keeps the counts. */
export async function refreshAppInfo(): Promise<void> {
  try {
    appActions.setAppInfo(await fetchAppInfo());
  } catch {
    // Not shown (docs/product/api.md#errors).
  }
}
