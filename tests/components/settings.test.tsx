import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from '@/i18n/navigation';
import { appActions, appState } from '@/lib/state/app-state';
import { authDialogState } from '@/lib/state/auth-dialogs';
import { snackbarStore } from '@/lib/state/snackbar';
import { renderWithIntl, routerCalls } from './render';
import { ann, logIn, renderAccount, resetAccountState, serveApi, snackText, type ServerAnswer } from './account-helpers';
import { AccountSettings } from '@/components/account/settings/AccountSettings';
import { ConfirmDialog } from '@/components/dialogs/ConfirmDialog';

beforeEach(resetAccountState);

/** Serves the PUT user/* answers in order, per path. */
function serveUser(answers: Record<string, ServerAnswer[]>) {
  return serveApi((call) => answers[call.path]?.shift());
}

const section = (name: string) => screen.getByRole('region', { name });
const done: ServerAnswer = { body: { ErrorMessages: [], Data: null } };
const sessionEnded: ServerAnswer = { status: 400, body: { ErrorMessages: [{ Message: 'Session ended due to incorrect password. Try again later.' }], Data: 'session-ended' } };

function openSettings() {
  logIn();
  renderAccount('en', { settings: true });
  return userEvent.setup();
}

describe('settings page states', () => {
  it('shows a loading state until the session check is done', () => {
    renderAccount('en', { settings: true });
    expect(screen.getByText('Loading your settings…')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('opens the login with the way back here when there is no session', async () => {
    renderAccount('en', { settings: true });
    act(() => appActions.markSessionChecked());
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeVisible();
    expect(authDialogState.get().returnTo).toBe('/account/settings');
    expect(screen.getByText('Please log in to manage your account settings.')).toBeVisible();
  });

  it('does not ask for a login when the user logs out while here', async () => {
    openSettings();
    act(() => appActions.setSession(null));
    await act(async () => {});
    expect(authDialogState.get().open).toBeNull();
  });

  it('asks for a login again when a call finds the session gone (401)', async () => {
    serveUser({ 'user/profile': [{ status: 401, body: { ErrorMessages: [{ Message: 'Please log in to continue.' }] } }, done] });
    const user = openSettings();
    const displayName = within(section('Display name'));
    await user.clear(displayName.getByLabelText('Display name (optional)'));
    await user.type(displayName.getByLabelText('Display name (optional)'), 'Annie');
    await user.click(displayName.getByRole('button', { name: 'UPDATE' }));
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeVisible();
    expect(appState.get().sessionInfo).toBeNull();
    expect(authDialogState.get().returnTo).toBe('/account/settings');
    // Nothing typed is lost: the form stays with a notice, and after the login it saves.
    expect(await screen.findByText(/Your session has ended/)).toBeVisible();
    expect(displayName.getByLabelText('Display name (optional)')).toHaveValue('Annie');
    // The login as the dialog does it: the session is back and the dialog closes.
    await user.keyboard('{Escape}');
    act(() => appActions.setSession(ann));
    expect(screen.queryByText(/Your session has ended/)).toBeNull();
    await user.click(displayName.getByRole('button', { name: 'UPDATE' }));
    await waitFor(() => expect(snackText()).toBe('Display name updated'));
  });

  it('renders the four sections in German and Russian', () => {
    logIn();
    const { unmount } = renderAccount('de', { settings: true });
    for (const name of ['E-Mail / Benutzername', 'Passwort', 'Anzeigename', 'Gefahrenbereich']) expect(section(name)).toBeVisible();
    unmount();
    renderAccount('ru', { settings: true });
    for (const name of ['Электронная почта / имя пользователя', 'Пароль', 'Отображаемое имя', 'Опасная зона']) expect(section(name)).toBeVisible();
  });
});

describe('Email / User name (spec §4 "Email update")', () => {
  const codeSent: ServerAnswer = { body: { ErrorMessages: [{ Message: 'We sent a verification code to new@example.com. Enter it below to continue.' }], Data: 'show' } };
  const codeWrong: ServerAnswer = { status: 400, body: { ErrorMessages: [{ Message: 'The verification code is not correct.' }], Data: 'show' } };
  const unavailable: ServerAnswer = { status: 400, body: { ErrorMessages: [{ Message: 'This email address cannot be used for your account.' }], Data: 'hide' } };

  function emailForm(user: ReturnType<typeof userEvent.setup>) {
    const scope = within(section('Email / User name'));
    return {
      scope,
      code: () => scope.queryByLabelText('Verification code'),
      newEmail: () => scope.getByLabelText('New email address'),
      submit: () => user.click(scope.getByRole('button', { name: 'UPDATE' })),
    };
  }

  it('shows the current user name and the help panel, and no code field at first', () => {
    const user = openSettings();
    const form = emailForm(user);
    expect(screen.getByTestId('current-user-name')).toHaveTextContent('ann@example.com');
    expect(form.scope.getByText(/is your login user name.*account and service notifications/)).toBeVisible();
    expect(form.code()).toBeNull();
  });

  it('walks the code flow: shown and cleared on errors, kept hidden by hide, and on success everything resets', async () => {
    const api = serveUser({ 'user/email': [codeSent, codeWrong, done] });
    const user = openSettings();
    const form = emailForm(user);
    await user.type(form.newEmail(), ' New@Example.com');
    await form.submit();
    expect(await form.scope.findByRole('status')).toHaveTextContent('We sent a verification code to new@example.com');
    expect(form.scope.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(form.code()).toHaveFocus());
    expect(api.to('user/email')[0]).toMatchObject({ method: 'PUT', body: { NewEmailAddress: 'new@example.com', Code: null } });

    await user.type(form.code()!, 'WRONG1');
    await form.submit();
    expect(await form.scope.findByText('The verification code is not correct.')).toBeVisible();
    expect(form.code()).toHaveValue('');

    await user.type(form.code()!, 'RIGHT2');
    await form.submit();
    await waitFor(() => expect(snackText()).toBe('Email address updated'));
    expect(api.to('user/email')[2].body).toEqual({ NewEmailAddress: 'new@example.com', Code: 'RIGHT2' });
    expect(snackbarStore.get().current).toMatchObject({ style: 'success', duration: 2000 });
    expect(appState.get().sessionInfo?.UserName).toBe('new@example.com');
    expect(screen.getByTestId('current-user-name')).toHaveTextContent('new@example.com');
    expect(form.newEmail()).toHaveValue('');
    expect(form.newEmail()).not.toHaveAttribute('aria-invalid');
    expect(form.code()).toBeNull();
    expect(form.scope.queryByRole('alert')).toBeNull();
  });

  it('keeps the code field hidden when Data is hide', async () => {
    serveUser({ 'user/email': [codeSent, unavailable] });
    const user = openSettings();
    const form = emailForm(user);
    await user.type(form.newEmail(), 'taken@example.com');
    await form.submit();
    await form.scope.findByLabelText('Verification code');
    await form.submit();
    expect(await form.scope.findByText('This email address cannot be used for your account.')).toBeVisible();
    expect(form.code()).toBeNull();
  });

  it('shows the code field for errors without Data (anything but hide)', async () => {
    serveUser({ 'user/email': [{ status: 400, body: { ErrorMessages: [{ Message: 'NewEmailAddress: Required' }] } }] });
    const user = openSettings();
    const form = emailForm(user);
    await user.type(form.newEmail(), 'other@example.com');
    await form.submit();
    expect(await form.scope.findByLabelText('Verification code')).toHaveValue('');
  });
});

describe('Password', () => {
  async function fillPassword(user: ReturnType<typeof userEvent.setup>, current = 'Secret123') {
    const scope = within(section('Password'));
    await user.type(scope.getByLabelText('Current password'), current);
    await user.type(scope.getByLabelText('New password'), 'Changed2026');
    await user.type(scope.getByLabelText('Repeat new password'), 'Changed2026');
    await user.click(scope.getByRole('button', { name: 'UPDATE' }));
    return scope;
  }

  it('has the rules hint; on success says Password updated and empties the form', async () => {
    const api = serveUser({ 'user/password': [done] });
    const user = openSettings();
    expect(within(section('Password')).getByText(/at least 8 characters, with an uppercase letter/)).toBeVisible();
    const scope = await fillPassword(user);
    await waitFor(() => expect(snackText()).toBe('Password updated'));
    expect(api.to('user/password')[0].body).toEqual({ CurrentPassword: 'Secret123', NewPassword: 'Changed2026' });
    expect(scope.getByLabelText('Current password')).toHaveValue('');
    expect(scope.getByLabelText('New password')).toHaveValue('');
  });

  it('lists a wrong current password above the form', async () => {
    serveUser({ 'user/password': [{ status: 400, body: { ErrorMessages: [{ Message: 'The current password is not correct.' }] } }] });
    const user = openSettings();
    const scope = await fillPassword(user, 'Wrong1234');
    expect(await scope.findByRole('alert')).toHaveTextContent('The current password is not correct.');
    expect(appState.get().sessionInfo).toEqual(ann);
  });

  it('ends the session after the third wrong password (session-ended): error snackbar 5 s, home', async () => {
    serveUser({ 'user/password': [sessionEnded] });
    const user = openSettings();
    await fillPassword(user, 'Wrong1234');
    await waitFor(() => expect(snackText()).toBe('Session ended due to incorrect password. Try again later.'));
    expect(snackbarStore.get().current).toMatchObject({ style: 'error', duration: 5000 });
    expect(appState.get().sessionInfo).toBeNull();
    expect(localStorage.getItem('auth.session')).toBe('false');
    expect(routerCalls).toEqual([{ method: 'push', href: '/' }]);
    expect(authDialogState.get().open).toBeNull();
  });

  it('disables UPDATE while saving', async () => {
    let answer!: () => void;
    const pending = new Promise<void>((resolve) => (answer = resolve));
    const api = serveUser({ 'user/password': [done] });
    const served = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementationOnce(async (input, init) => {
      await pending;
      return served(input, init);
    });
    const user = openSettings();
    const scope = await fillPassword(user);
    // Disabled for the call, yet it keeps the focus (a disabled button would drop it).
    await waitFor(() => expect(scope.getByRole('button', { name: 'UPDATE' })).toHaveAttribute('aria-disabled', 'true'));
    expect(scope.getByRole('button', { name: 'UPDATE' })).toHaveFocus();
    await act(async () => answer());
    await waitFor(() => expect(scope.getByRole('button', { name: 'UPDATE' })).not.toHaveAttribute('aria-disabled'));
  });
});

describe('Display name', () => {
  it('starts with the current name; on success stores the new one and says so', async () => {
    const api = serveUser({ 'user/profile': [done] });
    const user = openSettings();
    const scope = within(section('Display name'));
    const field = scope.getByLabelText('Display name (optional)');
    expect(field).toHaveValue('Ann');
    expect(field).toHaveAttribute('maxlength', '25');
    await user.clear(field);
    await user.type(field, ' Ann Smith ');
    await user.click(scope.getByRole('button', { name: 'UPDATE' }));
    await waitFor(() => expect(snackText()).toBe('Display name updated'));
    expect(api.to('user/profile')[0].body).toEqual({ DisplayName: 'Ann Smith' });
    expect(appState.get().sessionInfo?.DisplayName).toBe('Ann Smith');
    expect(field).toHaveValue('Ann Smith');
  });

  it('an empty name clears it', async () => {
    const api = serveUser({ 'user/profile': [done] });
    const user = openSettings();
    const scope = within(section('Display name'));
    await user.clear(scope.getByLabelText('Display name (optional)'));
    await user.click(scope.getByRole('button', { name: 'UPDATE' }));
    await waitFor(() => expect(appState.get().sessionInfo?.DisplayName).toBeNull());
    expect(api.to('user/profile')[0].body).toEqual({ DisplayName: null });
  });
});

describe('Danger Zone', () => {
  async function openDelete(user: ReturnType<typeof userEvent.setup>) {
    await user.click(within(section('Danger Zone')).getByRole('button', { name: 'DELETE MY ACCOUNT' }));
    return within(await screen.findByRole('dialog', { name: 'Delete my account' }));
  }

  it('asks for the password in a 530 px dialog with the red button', async () => {
    const user = openSettings();
    const dialog = await openDelete(user);
    expect(dialog.getByLabelText('Current password')).toHaveFocus();
    expect(screen.getByRole('dialog').style.maxWidth).toContain('530px');
    expect(dialog.getByRole('button', { name: 'DELETE MY ACCOUNT NOW!' }).className).toContain('bg-warn-600');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('schedules the deletion: success message 5 s, session cleared, home', async () => {
    const api = serveUser({ 'user/delete-account': [done] });
    const user = openSettings();
    const dialog = await openDelete(user);
    await user.type(dialog.getByLabelText('Current password'), 'Secret123');
    await user.click(dialog.getByRole('button', { name: 'DELETE MY ACCOUNT NOW!' }));
    await waitFor(() => expect(snackText()).toBe('Your account was successfully scheduled to be deleted.'));
    expect(api.to('user/delete-account')[0].body).toEqual({ CurrentPassword: 'Secret123' });
    expect(snackbarStore.get().current).toMatchObject({ style: 'success', duration: 5000 });
    expect(appState.get().sessionInfo).toBeNull();
    expect(routerCalls).toEqual([{ method: 'push', href: '/' }]);
    expect(authDialogState.get().open).toBeNull();
  });

  it('shows a wrong password in the dialog, and ends the session on session-ended', async () => {
    serveUser({ 'user/delete-account': [{ status: 400, body: { ErrorMessages: [{ Message: 'The current password is not correct.' }] } }, sessionEnded] });
    const user = openSettings();
    const dialog = await openDelete(user);
    await user.type(dialog.getByLabelText('Current password'), 'Wrong1234');
    await user.click(dialog.getByRole('button', { name: 'DELETE MY ACCOUNT NOW!' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('The current password is not correct.');
    await user.click(dialog.getByRole('button', { name: 'DELETE MY ACCOUNT NOW!' }));
    await waitFor(() => expect(snackText()).toBe('Session ended due to incorrect password. Try again later.'));
    expect(snackbarStore.get().current).toMatchObject({ style: 'error', duration: 5000 });
    expect(appState.get().sessionInfo).toBeNull();
    expect(routerCalls).toEqual([{ method: 'push', href: '/' }]);
  });
});

describe('unsaved changes guard (spec §2)', () => {
  function renderWithLink() {
    logIn();
    renderWithIntl(
      <>
        <Link href="/contact">Contact</Link>
        <AccountSettings />
        <ConfirmDialog />
      </>,
    );
    return userEvent.setup();
  }

  const beforeUnloadCancelled = () => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };

  it('lets the user leave freely while no form has changes', () => {
    renderWithLink();
    expect(beforeUnloadCancelled()).toBe(false);
  });

  it('asks before a link leaves a changed form; No stays, Yes goes', async () => {
    const user = renderWithLink();
    await user.type(within(section('Password')).getByLabelText('Current password'), 'x');
    await waitFor(() => expect(beforeUnloadCancelled()).toBe(true));

    await user.click(screen.getByRole('link', { name: 'Contact' }));
    const question = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(question).toHaveTextContent('You have changes that are not saved yet.');
    await user.click(within(question).getByRole('button', { name: 'No' }));
    expect(routerCalls).toEqual([]);

    await user.click(screen.getByRole('link', { name: 'Contact' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(routerCalls).toEqual([{ method: 'push', href: '/contact' }]));
  });

  it('stops asking once the change is undone', async () => {
    const user = renderWithLink();
    const field = within(section('Display name')).getByLabelText('Display name (optional)');
    await user.type(field, 'x');
    await waitFor(() => expect(beforeUnloadCancelled()).toBe(true));
    await user.type(field, '{Backspace}');
    await waitFor(() => expect(beforeUnloadCancelled()).toBe(false));
  });
});
