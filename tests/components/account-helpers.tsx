import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { createTranslator } from 'next-intl';
import { AuthDialogs } from '@/components/account/AuthDialogs';
import { AccountSettings } from '@/components/account/settings/AccountSettings';
import { ConfirmDialog } from '@/components/dialogs/ConfirmDialog';
import { SnackbarHost } from '@/components/shell/SnackbarHost';
import type { SessionInfo } from '@/lib/contract/auth';
import { appActions, appState } from '@/lib/state/app-state';
import { dismissAuthDialog } from '@/lib/state/auth-dialogs';
import { answerConfirm } from '@/lib/state/confirm';
import { snackbarStore, type SnackStyle } from '@/lib/state/snackbar';
import { messages, renderWithIntl, routerCalls, type TestLocale } from './render';
import { newAccount } from './runner/accounts';
import { network, pageApi } from './runner/network';

export function resetAccountState() {
  answerConfirm(false);
  appState.reset();
  snackbarStore.reset();
  // Every opening sets the return path anew, so a closed dialog is a fresh one; an intention left by the test before goes.
  dismissAuthDialog();
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
  const account = await newAccount();
  await visitorPage();
  return account;
}

/** An address as someone types it, with a capital first letter: the forms send it in lower case. */
export const capitalized = (email: string) => email.replace(/^./, (first) => first.toUpperCase());

/**
 * Wrong passwords for an address, from another tab, until the backend throttles its logins
 * (429; five tries per account in production, server/services/platform/rate-limit.ts).
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

/** The snack bar the user sees (SnackbarHost's message), or null. */
const visibleSnack = () => screen.queryByTestId('snackbar');

export const snackText = () => visibleSnack()?.querySelector('span')?.textContent ?? null;

export interface ShownSnack {
  element: HTMLElement;
  /** How long the page asked it to stay, in ms (0: until dismissed). */
  duration: number | undefined;
}

/** Waits for the snack bar to show this text in this style (its colours: SnackbarHost's data-style). */
export async function snackShown(text: string, style: SnackStyle): Promise<ShownSnack> {
  const shown = await waitFor(() => {
    expect(snackText()).toBe(text);
    return { element: visibleSnack()!, duration: snackbarStore.get().current?.duration };
  });
  expect(shown.element).toHaveAttribute('data-style', style);
  return shown;
}

/**
 * The snack goes away by itself `ms` after it appeared (docs/product/pages.md#snackbar): the
 * flow gave it that duration, and the host keeps a snack that long (snackbar.test.tsx, on fake
 * timers). The test ends once the page's calls are answered and handled, as it did after waiting.
 */
export async function expectSnackLasts(snack: ShownSnack, ms: number) {
  expect(snack.duration).toBe(ms);
  await network.settled();
}

/** Whether leaving the page now would ask first: a beforeunload that the unsaved-changes guard cancels. */
export function beforeUnloadCancelled(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

/** A login or sign-up dialog that was not opened, or was closed: none shows, even once the page's calls are answered. */
export async function expectNoAuthDialog() {
  await network.settled();
  expect(screen.queryByRole('dialog', { name: 'Login' })).toBeNull();
  expect(screen.queryByRole('dialog', { name: 'Sign up for new account' })).toBeNull();
}

/**
 * Logs a new account in through the open login dialog. The path the dialog was opened to
 * return to shows only as where the page goes then (see routerCalls).
 */
export async function logInThroughDialog(user: UserEvent) {
  const account = await existingAccount();
  const login = within(screen.getByRole('dialog', { name: 'Login' }));
  await user.type(login.getByLabelText('Email'), account.email);
  await user.type(login.getByLabelText('Password'), account.password);
  await user.click(login.getByRole('button', { name: 'SIGN IN' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Login' })).toBeNull());
}
