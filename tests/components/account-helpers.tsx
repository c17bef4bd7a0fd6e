import { act, screen } from '@testing-library/react';
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

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}
export interface ServerAnswer {
  status?: number;
  body: unknown;
}

/**
 * The fetch boundary, the one stub these tests use: answers `/api/*` calls with the JSON
 * the real backend sends (tests/api show those shapes) and records what was sent.
 */
export function serveApi(answer: (call: ApiCall) => ServerAnswer | undefined = () => undefined) {
  const calls: ApiCall[] = [];
  const fetchMock = jest.fn(async (input: string, init?: RequestInit) => {
    const call = { method: init?.method ?? 'GET', path: String(input).replace(/^\/api\//, ''), body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined };
    calls.push(call);
    const reply = answer(call) ?? (call.path === 'app/app-info' ? { body: { CartItemCount: 0, NotificationCount: 0 } } : { status: 404, body: { ErrorMessages: [{ Message: 'No such call' }] } });
    const status = reply.status ?? 200;
    return { ok: status >= 200 && status < 300, status, statusText: '', text: async () => JSON.stringify(reply.body) };
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  /** The calls to one path (app-info is startup's business). */
  const to = (path: string) => calls.filter((call) => call.path === path);
  return { fetchMock, calls, to };
}

export function resetAccountState() {
  answerConfirm(false);
  appState.reset();
  snackbarStore.reset();
  authDialogState.reset();
  routerCalls.length = 0;
  localStorage.clear();
}

export const ann: SessionInfo = { UserName: 'ann@example.com', DisplayName: 'Ann', Claims: [] };

export function logIn(session: SessionInfo = ann) {
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

export const flush = () => act(async () => {});
