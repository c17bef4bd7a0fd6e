import { NextIntlClientProvider } from 'next-intl';
import { TextDecoder, TextEncoder } from 'node:util';
import type { ReactElement, ReactNode } from 'react';
import { Component } from 'react';
import { AuthDialogs } from '@/components/account/AuthDialogs';
import { AdminConsole } from '@/components/admin/AdminConsole';
import { consoleStore } from '@/components/admin/console-store';
import { SnackbarHost } from '@/components/shell/SnackbarHost';
import type { StaffRole } from '@/lib/contract/admin';
import type { Enrolment } from '@/lib/contract/second-factor';
import type { LoginResponse } from '@/lib/contract/auth';
import { appActions } from '@/lib/state/app-state';
import adminDe from '@/messages/admin/de.json';
import adminEn from '@/messages/admin/en.json';
import adminRu from '@/messages/admin/ru.json';
import { logIn, resetAccountState } from './account-helpers';
import { messages, renderWithIntl, type TestLocale } from './render';
import { signedIn } from './runner/accounts';
import { accepted, pageApi } from './runner/network';

// jsdom has no TextEncoder, which otplib needs (it runs in every browser): Node's, before otplib loads.
globalThis.TextEncoder ??= TextEncoder as typeof globalThis.TextEncoder;
globalThis.TextDecoder ??= TextDecoder as typeof globalThis.TextDecoder;

const adminMessages = { en: adminEn, de: adminDe, ru: adminRu };
export const adminTexts = (locale: TestLocale = 'en') => adminMessages[locale].admin;

/** Catches what a screen throws while rendering, as Next's boundaries do (notFound() throws its digest). */
class CaughtError extends Component<{ children: ReactNode; onError(error: unknown): void }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  render() {
    return this.state.failed ? <p>caught</p> : this.props.children;
  }
}

/** A console screen inside the console's gate, with what the site's shell gives it: the login dialogs and the snackbar. */
export function renderConsole(
  screen: ReactElement,
  { locale = 'en' as TestLocale, pathname = '/admin', onError = (() => {}) as (error: unknown) => void } = {},
) {
  appActions.setDisplayLanguage(locale);
  return renderWithIntl(
    <NextIntlClientProvider locale={locale} messages={{ ...messages[locale], ...adminMessages[locale] }} timeZone="UTC">
      <CaughtError onError={onError}>
        <AdminConsole>{screen}</AdminConsole>
      </CaughtError>
      <AuthDialogs />
      <SnackbarHost />
    </NextIntlClientProvider>,
    locale,
    { pathname },
  );
}

/** Each test a new browser profile, and no console question left open. */
export function resetConsoleState() {
  resetAccountState();
  consoleStore.reset();
}

/** The authenticator app: the code it shows for this secret now, or `stepsAhead` periods of 30 s later. */
export async function authenticatorCode(secret: string, stepsAhead = 0): Promise<string> {
  const { generate } = await import('otplib');
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });
}

/**
 * A new account, logged in on the page, given a role through the test backend's hook (what
 * `npm run staff` does). Its session has not passed the second factor: the console asks.
 */
export async function staffMember(role: StaffRole = 'staff') {
  const account = await signedIn();
  await accepted('grant the role', pageApi('POST', 'test/staff-role', { Role: role }));
  return account;
}

/** Sets up the authenticator through the real calls, as the enrolment screen would; the session has then passed it. */
export async function enrolled(): Promise<{ secret: string; recoveryCodes: string[] }> {
  const enrolment = await accepted('start the enrolment', pageApi<Enrolment>('GET', 'admin/second-factor/enrolment'));
  const { RecoveryCodes } = await accepted(
    'confirm the enrolment',
    pageApi<{ RecoveryCodes: string[] }>('POST', 'admin/second-factor/enrolment', { Code: await authenticatorCode(enrolment.Secret) }),
  );
  return { secret: enrolment.Secret, recoveryCodes: RecoveryCodes };
}

/** A staff member whose session has passed the second factor: the console opens at once. */
export async function staffInConsole(role: StaffRole = 'staff') {
  const account = await staffMember(role);
  const factor = await enrolled();
  return { ...account, ...factor };
}

/** Logs the account in again in a new session (a new browser profile): the second factor is asked again. */
export async function newSession(account: { email: string; password: string }) {
  resetAccountState();
  await pageApi('GET', 'auth/session-info'); // the XSRF cookie, as the site's start-up gets it
  const answer = await accepted(
    'log in',
    pageApi<LoginResponse>('POST', 'auth/login', { UserName: account.email, Password: account.password, CookieConsent: null }),
  );
  if (!answer.SessionInfo) throw new Error(`the login gave no session: ${JSON.stringify(answer)}`);
  logIn(answer.SessionInfo);
}
