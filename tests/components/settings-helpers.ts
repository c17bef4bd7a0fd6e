import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionInfo } from '@/lib/contract/auth';
import { renderAccount, translator } from './account-helpers';
import type { TestLocale } from './render';
import { signedIn } from './runner/accounts';
import { pageApi } from './runner/network';

/** The session the backend has for the page's cookies (anonymous: UserName null). */
export async function backendSession(): Promise<SessionInfo> {
  return (await pageApi<SessionInfo>('GET', 'auth/session-info')).body;
}

/**
 * Waits until the settings page shows what it loads (the session list), so no update of the
 * page comes after the test has moved on.
 */
export async function settingsLoaded(locale: TestLocale = 'en') {
  await screen.findByRole('list', { name: translator(locale)('account.settings.sessions.list') });
}

/** The settings page of a new real account, with the dialogs and snackbar around it, once loaded. */
export async function openSettings(options: { displayName?: string; locale?: TestLocale } = {}) {
  const account = await signedIn(options);
  renderAccount(options.locale ?? 'en', { settings: true });
  await settingsLoaded(options.locale);
  return { user: userEvent.setup(), account };
}

/** Another tab of the same browser (the same session) types a wrong current password `count` times. */
export async function wrongPasswordTriesInAnotherTab(count: number) {
  for (let i = 0; i < count; i++) {
    const { status } = await pageApi('PUT', 'user/password', { CurrentPassword: 'NotMine123', NewPassword: 'Changed2026' });
    if (status !== 400) throw new Error(`a wrong password was not refused (${status})`);
  }
}
