/** @jest-environment jsdom */
import { appActions, appState } from '@/lib/state/app-state';

beforeEach(() => {
  appState.reset();
  localStorage.clear();
});

describe('app state', () => {
  it('starts logged out with zero counts and English', () => {
    expect(appState.get()).toMatchObject({ sessionInfo: null, displayLanguage: 'en', appInfo: { CartItemCount: 0, NotificationCount: 0 } });
  });

  it('storing a session resets the counts and saves auth.session', () => {
    appActions.setAppInfo({ CartItemCount: 3, NotificationCount: 2 });
    appActions.setSession({ UserName: 'ann@example.com', DisplayName: null, Claims: [] });
    expect(appState.get().appInfo).toEqual({ CartItemCount: 0, NotificationCount: 0 });
    expect(localStorage.getItem('auth.session')).toBe('true');
    appActions.setSession(null);
    expect(localStorage.getItem('auth.session')).toBe('false');
  });

  it('a session without a UserName counts as none', () => {
    appActions.setSession({ UserName: null, DisplayName: null, Claims: [] });
    expect(appState.get().sessionInfo).toBeNull();
  });

  it('sets the cart count absolutely or by a delta, never below zero', () => {
    appActions.setCartCount(4);
    appActions.setCartCount(2, true);
    expect(appState.get().appInfo.CartItemCount).toBe(6);
    appActions.setCartCount(-10, true);
    expect(appState.get().appInfo.CartItemCount).toBe(0);
  });

  it('updates user name, display name and claims of the stored session', () => {
    appActions.setSession({ UserName: 'ann@example.com', DisplayName: null, Claims: [] });
    appActions.setUserName('new@example.com');
    appActions.setDisplayName('Ann');
    appActions.setClaims(['app:pdf']);
    expect(appState.get().sessionInfo).toEqual({ UserName: 'new@example.com', DisplayName: 'Ann', Claims: ['app:pdf'] });
  });
});
