import type { AppInfo } from '../contract/app';
import type { SessionInfo } from '../contract/auth';
import { storageKeys, writeStorage } from '../browser-storage';
import { createStore, useStore } from './store';

export type DisplayLanguage = 'en' | 'de' | 'ru';

/** docs/product/accounts.md#app-state */
export interface AppState {
  appInitialized: boolean;
  sessionChecked: boolean;
  sessionInfo: SessionInfo | null;
  displayLanguage: DisplayLanguage;
  platformId: 'browser' | 'server';
  appInfo: AppInfo;
}

const emptyAppInfo: AppInfo = { CartItemCount: 0, NotificationCount: 0 };

export const appState = createStore<AppState>({
  appInitialized: false,
  sessionChecked: false,
  sessionInfo: null,
  displayLanguage: 'en',
  platformId: typeof window === 'undefined' ? 'server' : 'browser',
  appInfo: emptyAppInfo,
});

export const useAppState = <S>(selector: (state: AppState) => S) => useStore(appState, selector);

export const isLoggedIn = (state: AppState) => Boolean(state.sessionInfo?.UserName);

export const appActions = {
  markInitialized: () => appState.set({ appInitialized: true }),
  markSessionChecked: () => appState.set({ sessionChecked: true }),

  /** Storing the session resets both counts and saves the auth.session flag (docs/product/accounts.md#app-state). */
  setSession(sessionInfo: SessionInfo | null) {
    const session = sessionInfo?.UserName ? sessionInfo : null;
    appState.set({ sessionInfo: session, appInfo: emptyAppInfo });
    writeStorage(storageKeys.session, String(Boolean(session)));
  },
  setAppInfo: (appInfo: AppInfo) => appState.set({ appInfo }),
  /** The cart count is set absolutely, or changed by a delta when isDelta is true. */
  setCartCount(count: number, isDelta = false) {
    appState.set(({ appInfo }) => ({
      appInfo: { ...appInfo, CartItemCount: Math.max(0, isDelta ? appInfo.CartItemCount + count : count) },
    }));
  },
  setUserName: (UserName: string) => updateSession({ UserName }),
  setDisplayName: (DisplayName: string | null) => updateSession({ DisplayName }),
  setClaims: (Claims: string[]) => updateSession({ Claims }),
  setDisplayLanguage: (displayLanguage: DisplayLanguage) => appState.set({ displayLanguage }),
};

function updateSession(patch: Partial<SessionInfo>) {
  appState.set(({ sessionInfo }) => ({ sessionInfo: sessionInfo ? { ...sessionInfo, ...patch } : sessionInfo }));
}
