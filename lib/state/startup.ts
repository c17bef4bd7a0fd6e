import type { SessionInfo } from '../contract/auth';
import { appActions } from './app-state';

/**
 * A module the startup needs soon but a page does not need to draw: in the browser it is asked
 * for when this module runs, so it loads beside hydration, not before it. A load that failed is
 * asked for again by the next caller; until then its callers fail as a call would.
 */
function loadedSoon<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  if (typeof window !== 'undefined') get().catch(() => {});
  return get;
}

// The API client with them: the session check and the counts are its first calls on a page.
const authCalls = loadedSoon(() => import('../api/auth'));
const appCalls = loadedSoon(() => import('../api/app'));

/** Startup (docs/product/accounts.md#startup): session first; app info only for a logged-in user; errors leave the user logged out. */
export async function runStartup(): Promise<void> {
  appActions.markInitialized();
  let session: SessionInfo | null = null;
  try {
    session = await (await authCalls()).fetchSessionInfo();
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
    appActions.setAppInfo(await (await appCalls()).fetchAppInfo());
  } catch {
    // Not shown (docs/product/api.md#errors).
  }
}
