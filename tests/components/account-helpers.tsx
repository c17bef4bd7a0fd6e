import { screen } from '@testing-library/react';
import { createTranslator } from 'next-intl';
import { AuthDialogs } from '@/components/account/AuthDialogs';
import { AccountSettings } from '@/components/account/settings/AccountSettings';
import { ConfirmDialog } from '@/components/dialogs/ConfirmDialog';
import { SnackbarHost } from '@/components/shell/SnackbarHost';
import type { SessionInfo } from '@/lib/contract/auth';
import { appActions, appState } from '@/lib/state/app-state';
import { authDialogState } from '@/lib/state/auth-dialogs';
import { answerConfirm } from '@/lib/state/confirm';
import { snackbarStore } from '@/lib/state/snackbar';
import { messages, renderWithIntl, routerCalls, type TestLocale } from './render';
import { signedIn, signUp } from './support/accounts';
import { network, pageApi } from './support/network';

export function resetAccountState() {
  answerConfirm(false);
  appState.reset();
  snackbarStore.reset();
  authDialogState.reset();
  routerCalls.length = 0;
  localStorage.clear();
  // A new browser profile per test: no session or XSRF cookie left by the test before.
  network.clearCookies();
}

/** The page as a new visitor's: no session, and the XSRF cookie that the site's start-up gets. */
export async function visitorPage() {
  network.clearCookies();
  await pageApi('GET', 'auth/session-info');
}

/** A real account made earlier (signed up, then gone): the page is a visitor's again. */
export async function existingAccount() {
  const account = await signUp();
  await visitorPage();
  return account;
}

/** An address as someone types it, with a capital first letter: the forms send it in lower case. */
export const capitalized = (email: string) => email.replace(/^./, (first) => first.toUpperCase());

/**
 * Wrong passwords for an address, from another tab, until the backend throttles its logins
 * (429; five tries per account in production, server/services/rate-limit.ts).
 */
export async function throttleLogins(address: string) {
  for (let sent = 0; sent < 20; sent++) {
    if ((await pageApi('POST', 'auth/login', { UserName: address, Password: 'Wrong-guess-1' })).status === 429) return;
  }
  throw new Error(`the logins of ${address} were never throttled`);
}

/** The app state of a page whose start-up found this session. */
export function logIn(session: SessionInfo) {
  appActions.setSession(session);
  appActions.markSessionChecked();
}

/** Everything a screen of this feature needs around it: the dialogs, confirm and snackbar. */
export function renderAccount(locale: TestLocale = 'en', { settings = false, search = '' } = {}) {
  return renderWithIntl(
    <>
      {settings && <AccountSettings />}
      <AuthDialogs />
      <ConfirmDialog />
      <SnackbarHost />
    </>,
    locale,
    { search },
  );
}

export const translator = (locale: TestLocale) => createTranslator({ locale, messages: messages[locale] });

/** The translated text of a contract message key such as "minLength?min=8". */
export function validationText(locale: TestLocale, key: string, params: Record<string, number> = {}) {
  return translator(locale)(`validation.${key}` as never, params as never);
}

export const snackText = () => screen.queryByTestId('snackbar')?.querySelector('span')?.textContent ?? null;

