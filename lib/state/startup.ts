import type { SessionInfo } from '../contract/auth';
import { appActions } from './app-state';

// The API client and the session and app-info calls are not needed to draw a page: in the
// browser they are asked for when this module runs, so they load beside hydration, not before
// it. A later import() gets the module the first one loaded; a load that failed fails the call.
const loadAuthCalls = () => import('../api/auth');
const loadAppCalls = () => import('../api/app');
if (typeof window !== 'undefined') {
  loadAuthCalls().catch(() => {});
  loadAppCalls().catch(() => {});
}

/** Startup (docs/product/accounts.md#startup): session first; app info only for a logged-in user; errors leave the user logged out. */
export async function runStartup(): Promise<void> {
  appActions.markInitialized();
  let session: SessionInfo | null = null;
  try {
    session = await (await loadAuthCalls()).fetchSessionInfo();
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
    appActions.setAppInfo(await (await loadAppCalls()).fetchAppInfo());
  } catch {
    // Not shown (docs/product/api.md#errors).
  }
}
