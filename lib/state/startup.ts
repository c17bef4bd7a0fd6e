import type { SessionInfo } from '../contract/auth';
import { fetchAppInfo } from '../api/app';
import { fetchSessionInfo } from '../api/auth';
import { appActions } from './app-state';

/** Spec §4 "Startup": session first; app info only for a logged-in user; errors leave the user logged out. */
export async function runStartup(): Promise<void> {
  appActions.markInitialized();
  let session: SessionInfo | null = null;
  try {
    session = await fetchSessionInfo();
  } catch {
    // Ignored on purpose (spec §4): the user stays logged out.
  }
  appActions.setSession(session);
  appActions.markSessionChecked();
  if (session?.UserName) await refreshAppInfo();
}

/** Loads the cart and notification counts (app info); a failure is not shown (spec §7) and keeps the counts. */
export async function refreshAppInfo(): Promise<void> {
  try {
    appActions.setAppInfo(await fetchAppInfo());
  } catch {
    // Not shown (spec §7).
  }
}
