import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from '@/i18n/navigation';
import { appActions, appState } from '@/lib/state/app-state';
import { endSession } from '@/lib/state/session-actions';
import { renderWithIntl, routerCalls } from './render';
import {
  beforeUnloadCancelled,
  expectNoAuthDialog,
  expectSnackLasts,
  logInThroughDialog,
  renderAccount,
  resetAccountState,
  snackShown,
  snackText,
} from './account-helpers';
import { backendSession, openSettings, wrongPasswordTriesInAnotherTab } from './settings-helpers';
import { changeEmail, mailedCode, signedIn, newAccount, strongPassword, uniqueEmail } from './runner/accounts';
import { accepted, anotherBrowser, network, pageApi } from './runner/network';
import { AccountSettings } from '@/components/account/settings/AccountSettings';
import { ConfirmDialog } from '@/components/dialogs/ConfirmDialog';

// Each test signs up a real account (a mailed code) and some sign up a second one.

beforeEach(() => {
  resetAccountState();
  network.clearCookies();
});

const section = (name: string) => screen.getByRole('region', { name });
const sessionEndedText = 'Session ended due to incorrect password. Try again later.';

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
    expect(screen.getByText('Please log in to manage your account settings.')).toBeVisible();
    await logInThroughDialog(userEvent.setup());
    expect(routerCalls).toEqual([{ method: 'push', href: '/account/settings' }]);
  });

  it('does not ask for a login when the user logs out while here', async () => {
    await openSettings();
    // The logout as the account menu does it: the server session ends, then the app's.
    await act(() => endSession());
    expect(network.calls('PUT auth/logout')).toHaveLength(1);
    expect((await backendSession()).UserName).toBeNull();
    await expectNoAuthDialog();
  });

  it('asks for a login again when a call finds the session gone (401)', async () => {
    const { user, account } = await openSettings({ displayName: 'Ann' });
    const displayName = within(section('Display name'));
    await user.clear(displayName.getByLabelText('Display name (optional)'));
    await user.type(displayName.getByLabelText('Display name (optional)'), 'Annie');
    await pageApi('PUT', 'auth/logout'); // another tab logs out: the next call here gets a 401
    await user.click(displayName.getByRole('button', { name: 'UPDATE' }));
    const login = within(await screen.findByRole('dialog', { name: 'Login' }));
    expect(appState.get().sessionInfo).toBeNull();
    // Nothing typed is lost: the form stays with a notice, and after the login it saves.
    expect(await screen.findByText(/Your session has ended/)).toBeVisible();
    expect(displayName.getByLabelText('Display name (optional)')).toHaveValue('Annie');
    await user.type(login.getByLabelText('Email'), account.email);
    await user.type(login.getByLabelText('Password'), account.password);
    await user.click(login.getByRole('button', { name: 'SIGN IN' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Login' })).toBeNull());
    expect(routerCalls).toEqual([{ method: 'push', href: '/account/settings' }]);
    await waitFor(() => expect(screen.queryByText(/Your session has ended/)).toBeNull());
    await user.click(displayName.getByRole('button', { name: 'UPDATE' }));
    await waitFor(() => expect(snackText()).toBe('Display name updated'));
    expect((await backendSession()).DisplayName).toBe('Annie');
  });

  it('renders the five sections in German and Russian', async () => {
    await signedIn();
    const { unmount } = renderAccount('de', { settings: true });
    for (const name of ['E-Mail / Benutzername', 'Passwort', 'Anzeigename', 'Wo Sie angemeldet sind', 'Gefahrenbereich'])
      expect(section(name)).toBeVisible();
    unmount();
    renderAccount('ru', { settings: true });
    for (const name of ['Электронная почта / имя пользователя', 'Пароль', 'Отображаемое имя', 'Где выполнен вход', 'Опасная зона'])
      expect(section(name)).toBeVisible();
  });
});

describe('Email / User name (changing the email address)', () => {
  function emailForm(user: ReturnType<typeof userEvent.setup>) {
    const scope = within(section('Email / User name'));
    return {
      scope,
      code: () => scope.queryByLabelText('Verification code'),
      newEmail: () => scope.getByLabelText('New email address'),
      password: () => scope.getByLabelText('Current password'),
      submit: () => user.click(scope.getByRole('button', { name: 'UPDATE' })),
    };
  }

  /** Asks for the change to `address` and waits for the code field; returns the mailed code. */
  async function requestCode(form: ReturnType<typeof emailForm>, address: string) {
    const sentAfter = Date.now() - 1;
    await form.submit();
    await form.scope.findByLabelText('Verification code');
    return mailedCode(address, sentAfter);
  }

  it('shows the current user name and the help panel, and no code field at first', async () => {
    const { user, account } = await openSettings();
    const form = emailForm(user);
    expect(screen.getByTestId('current-user-name')).toHaveTextContent(account.email);
    expect(form.scope.getByText(/is your login user name.*account and service notifications/)).toBeVisible();
    expect(form.code()).toBeNull();
  });

  it('walks the code flow: shown and cleared on errors, and on success everything resets', async () => {
    const { user } = await openSettings();
    const form = emailForm(user);
    const address = uniqueEmail('new');
    // Typed with a space and in capitals: sent trimmed and in lower case.
    await user.type(form.newEmail(), ` ${address.toUpperCase()}`);
    await user.type(form.password(), strongPassword);
    const code = await requestCode(form, address);
    expect(form.scope.getByRole('status')).toHaveTextContent(`We sent a verification code to ${address}`);
    expect(form.scope.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(form.code()).toHaveFocus());
    expect(network.calls('PUT user/email')[0].body).toEqual({ NewEmailAddress: address, CurrentPassword: strongPassword, Code: null });
    // Kept for the call with the code, which asks for it again.
    expect(form.password()).toHaveValue(strongPassword);

    await user.type(form.code()!, 'WRONG2');
    await form.submit();
    expect(await form.scope.findByText('The verification code is not correct.')).toBeVisible();
    expect(form.code()).toHaveValue('');

    await user.type(form.code()!, code);
    await form.submit();
    const snack = await snackShown('Email address updated', 'success');
    expect(network.calls('PUT user/email')[2].body).toEqual({ NewEmailAddress: address, CurrentPassword: strongPassword, Code: code });
    expect(appState.get().sessionInfo?.UserName).toBe(address);
    // The page reads its sessions and second factor again after the change; then the server is asked.
    await network.settled();
    expect((await backendSession()).UserName).toBe(address);
    expect(screen.getByTestId('current-user-name')).toHaveTextContent(address);
    expect(form.newEmail()).toHaveValue('');
    expect(form.newEmail()).not.toHaveAttribute('aria-invalid');
    expect(form.password()).toHaveValue('');
    expect(form.code()).toBeNull();
    expect(form.scope.queryByRole('alert')).toBeNull();
    await expectSnackLasts(snack, 2000);
  });

  it('a code typed after the new address was changed says where the code went, in German', async () => {
    const { user } = await openSettings({ locale: 'de' });
    const scope = within(section('E-Mail / Benutzername'));
    const submit = () => user.click(scope.getByRole('button', { name: 'AKTUALISIEREN' }));
    const address = uniqueEmail('first');
    await user.type(scope.getByLabelText('Neue E-Mail-Adresse'), address);
    await user.type(scope.getByLabelText('Aktuelles Passwort'), strongPassword);
    const sentAfter = Date.now() - 1;
    await submit();
    const codeField = await scope.findByLabelText('Bestätigungscode');
    const code = await mailedCode(address, sentAfter);
    await user.clear(scope.getByLabelText('Neue E-Mail-Adresse'));
    await user.type(scope.getByLabelText('Neue E-Mail-Adresse'), uniqueEmail('second'));
    await user.type(codeField, code);
    await submit();
    expect(await scope.findByRole('alert')).toHaveTextContent(
      `Dieser Code wurde an ${address} gesendet. Geben Sie diese Adresse wieder ein, um ihn zu verwenden, oder lassen Sie das Codefeld leer und senden Sie erneut, um einen Code für die neue Adresse zu erhalten.`,
    );
    expect(network.calls('PUT user/email')).toHaveLength(1);
  });

  it('hides the code field when the server says hide (the address was taken meanwhile)', async () => {
    const { user } = await openSettings();
    const form = emailForm(user);
    const address = uniqueEmail('taken');
    await user.type(form.newEmail(), address);
    await user.type(form.password(), strongPassword);
    const code = await requestCode(form, address);
    await newAccount(address, strongPassword, anotherBrowser()); // someone else, in their own browser
    await user.type(form.code()!, code);
    await form.submit();
    expect(await form.scope.findByText('This email address cannot be used for your account.')).toBeVisible();
    expect(form.code()).toBeNull();
  });

  it('shows the code field for errors without Data (anything but hide)', async () => {
    const { user } = await openSettings();
    const form = emailForm(user);
    // Another tab already moved the account to this address, so the server refuses it as the
    // same address (no Data), though this page still shows the old one.
    const address = uniqueEmail('other');
    await changeEmail(address); // in another tab of this browser
    await user.type(form.newEmail(), address);
    await user.type(form.password(), strongPassword);
    await form.submit();
    expect(await form.scope.findByRole('alert')).toHaveTextContent('Same as current email address');
    expect(form.code()).toHaveValue('');
  });
});

describe('Email / User name: the current password', () => {
  const scope = () => within(section('Email / User name'));

  it('refuses a wrong password without mailing a code, and sends the code once it is right', async () => {
    const { user } = await openSettings();
    const address = uniqueEmail('careful');
    await user.type(scope().getByLabelText('New email address'), address);
    await user.type(scope().getByLabelText('Current password'), 'Wrong1234');
    await user.click(scope().getByRole('button', { name: 'UPDATE' }));
    expect(await scope().findByRole('alert')).toHaveTextContent('The current password is not correct.');
    expect(scope().queryByLabelText('Verification code')).toBeNull();

    // The show toggle of every password field, so the typing can be checked.
    await user.click(scope().getByRole('button', { name: 'Show password' }));
    expect(scope().getByLabelText('Current password')).toHaveAttribute('type', 'text');
    await user.clear(scope().getByLabelText('Current password'));
    await user.type(scope().getByLabelText('Current password'), strongPassword);
    await waitFor(() => expect(scope().queryByRole('alert')).toBeNull());
    const sentAfter = Date.now() - 1;
    await user.click(scope().getByRole('button', { name: 'UPDATE' }));
    expect(await scope().findByLabelText('Verification code')).toBeVisible();
    expect(await mailedCode(address, sentAfter)).toMatch(/^[A-Z2-9]{6}$/);
  });

  it('ends the session on the third wrong password (session-ended): error snackbar, home', async () => {
    const { user } = await openSettings();
    await wrongPasswordTriesInAnotherTab(2);
    await user.type(scope().getByLabelText('New email address'), uniqueEmail('third-try'));
    await user.type(scope().getByLabelText('Current password'), 'Wrong1234');
    await user.click(scope().getByRole('button', { name: 'UPDATE' }));
    await snackShown(sessionEndedText, 'error');
    expect(appState.get().sessionInfo).toBeNull();
    expect(routerCalls).toEqual([{ method: 'push', href: '/' }]);
    expect((await backendSession()).UserName).toBeNull();
  });
});

describe('Password', () => {
  async function fillPassword(user: ReturnType<typeof userEvent.setup>, current = strongPassword) {
    const scope = within(section('Password'));
    await user.type(scope.getByLabelText('Current password'), current);
    await user.type(scope.getByLabelText('New password'), 'Changed2026');
    await user.type(scope.getByLabelText('Repeat new password'), 'Changed2026');
    await user.click(scope.getByRole('button', { name: 'UPDATE' }));
    return scope;
  }

  it('has the rules hint; on success says Password updated and empties the form', async () => {
    const { user, account } = await openSettings();
    expect(within(section('Password')).getByText(/at least 8 characters, with an uppercase letter/)).toBeVisible();
    const scope = await fillPassword(user);
    await waitFor(() => expect(snackText()).toBe('Password updated'));
    expect(network.calls('PUT user/password')[0].body).toEqual({ CurrentPassword: strongPassword, NewPassword: 'Changed2026' });
    expect(scope.getByLabelText('Current password')).toHaveValue('');
    expect(scope.getByLabelText('New password')).toHaveValue('');
    // The page reads its session list again after the change; then another browser logs in.
    await network.settled();
    const login = await pageApi('POST', 'auth/login', { UserName: account.email, Password: 'Changed2026', CookieConsent: null });
    expect(login.status).toBe(200);
  });

  it('lists a wrong current password above the form', async () => {
    const { user, account } = await openSettings();
    const scope = await fillPassword(user, 'Wrong1234');
    expect(await scope.findByRole('alert')).toHaveTextContent('The current password is not correct.');
    expect(appState.get().sessionInfo).toEqual(account.session);
  });

  it('ends the session after the third wrong password (session-ended): error snackbar 5 s, home', async () => {
    const { user } = await openSettings();
    await wrongPasswordTriesInAnotherTab(2); // the session's first two wrong tries
    await fillPassword(user, 'Wrong1234');
    const snack = await snackShown(sessionEndedText, 'error');
    expect(appState.get().sessionInfo).toBeNull();
    expect(localStorage.getItem('auth.session')).toBe('false');
    expect(routerCalls).toEqual([{ method: 'push', href: '/' }]);
    await expectNoAuthDialog();
    expect((await backendSession()).UserName).toBeNull();
    await expectSnackLasts(snack, 5000);
  });

  it('disables UPDATE while saving', async () => {
    const { user } = await openSettings();
    const call = network.hold('PUT user/password');
    const scope = await fillPassword(user);
    await call.reached;
    // Disabled for the call, yet it keeps the focus (a disabled button would drop it).
    await waitFor(() => expect(scope.getByRole('button', { name: 'UPDATE' })).toHaveAttribute('aria-disabled', 'true'));
    expect(scope.getByRole('button', { name: 'UPDATE' })).toHaveFocus();
    call.release();
    await waitFor(() => expect(scope.getByRole('button', { name: 'UPDATE' })).not.toHaveAttribute('aria-disabled'));
    await waitFor(() => expect(snackText()).toBe('Password updated'));
  });
});

describe('Display name', () => {
  it('starts with the current name; on success stores the new one and says so', async () => {
    const { user } = await openSettings({ displayName: 'Ann' });
    const scope = within(section('Display name'));
    const field = scope.getByLabelText('Display name (optional)');
    expect(field).toHaveValue('Ann');
    expect(field).toHaveAttribute('maxlength', '25');
    await user.clear(field);
    await user.type(field, ' Ann Smith ');
    await user.click(scope.getByRole('button', { name: 'UPDATE' }));
    await waitFor(() => expect(snackText()).toBe('Display name updated'));
    expect(network.calls('PUT user/profile')[0].body).toEqual({ DisplayName: 'Ann Smith' });
    expect(appState.get().sessionInfo?.DisplayName).toBe('Ann Smith');
    expect((await backendSession()).DisplayName).toBe('Ann Smith');
    expect(field).toHaveValue('Ann Smith');
  });

  it('an empty name clears it', async () => {
    const { user } = await openSettings({ displayName: 'Ann' });
    const scope = within(section('Display name'));
    await user.clear(scope.getByLabelText('Display name (optional)'));
    await user.click(scope.getByRole('button', { name: 'UPDATE' }));
    await waitFor(() => expect(appState.get().sessionInfo?.DisplayName).toBeNull());
    expect(network.calls('PUT user/profile')[0].body).toEqual({ DisplayName: null });
    expect((await backendSession()).DisplayName).toBeNull();
  });
});

describe('Danger Zone', () => {
  async function openDelete(user: ReturnType<typeof userEvent.setup>) {
    await user.click(within(section('Danger Zone')).getByRole('button', { name: 'DELETE MY ACCOUNT' }));
    return within(await screen.findByRole('dialog', { name: 'Delete my account' }));
  }

  it('asks for the password in a 530 px dialog with the red button', async () => {
    const { user } = await openSettings();
    const dialog = await openDelete(user);
    expect(dialog.getByLabelText('Current password')).toHaveFocus();
    expect(screen.getByRole('dialog').style.maxWidth).toContain('530px');
    expect(dialog.getByRole('button', { name: 'DELETE MY ACCOUNT NOW!' }).className).toContain('btn-warn');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('schedules the deletion: success message 5 s, session cleared, home', async () => {
    const { user } = await openSettings();
    const dialog = await openDelete(user);
    await user.type(dialog.getByLabelText('Current password'), strongPassword);
    await user.click(dialog.getByRole('button', { name: 'DELETE MY ACCOUNT NOW!' }));
    const snack = await snackShown('Your account was successfully scheduled to be deleted.', 'success');
    expect(network.calls('PUT user/delete-account')[0].body).toEqual({ CurrentPassword: strongPassword });
    expect(appState.get().sessionInfo).toBeNull();
    expect(routerCalls).toEqual([{ method: 'push', href: '/' }]);
    await expectNoAuthDialog();
    expect((await backendSession()).UserName).toBeNull();
    await expectSnackLasts(snack, 5000);
  });

  it('shows a wrong password in the dialog, and ends the session on the third wrong try', async () => {
    const { user } = await openSettings();
    await wrongPasswordTriesInAnotherTab(1); // so the dialog's second try is the session's third
    const dialog = await openDelete(user);
    await user.type(dialog.getByLabelText('Current password'), 'Wrong1234');
    await user.click(dialog.getByRole('button', { name: 'DELETE MY ACCOUNT NOW!' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('The current password is not correct.');
    await user.click(dialog.getByRole('button', { name: 'DELETE MY ACCOUNT NOW!' }));
    const snack = await snackShown(sessionEndedText, 'error');
    expect(appState.get().sessionInfo).toBeNull();
    expect(routerCalls).toEqual([{ method: 'push', href: '/' }]);
    expect((await backendSession()).UserName).toBeNull();
    await expectSnackLasts(snack, 5000);
  });
});

describe('Where you are signed in', () => {
  const scope = () => within(section('Where you are signed in'));
  const userAgents = {
    firefoxOnLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
    safariOnIphone:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  };

  /** The account logged in on another device too, whose browser names itself with `userAgent`. */
  async function loggedInElsewhere(account: { email: string; password: string }, userAgent: string) {
    const device = anotherBrowser({ userAgent });
    await device('GET', 'auth/session-info');
    await accepted(
      'log in elsewhere',
      device('POST', 'auth/login', { UserName: account.email, Password: account.password, CookieConsent: null }),
    );
    return device;
  }

  /** The settings of an account also signed in on a phone and a laptop; the list is shown. */
  async function openWithDevices() {
    const account = await signedIn();
    const phone = await loggedInElsewhere(account, userAgents.safariOnIphone);
    const laptop = await loggedInElsewhere(account, userAgents.firefoxOnLinux);
    renderAccount('en', { settings: true });
    await scope().findByRole('list', { name: 'Sessions' });
    return { user: userEvent.setup(), phone, laptop };
  }

  it('loads, then shows this device first and the others with browser, system and dates', async () => {
    const account = await signedIn();
    await loggedInElsewhere(account, userAgents.safariOnIphone);
    await loggedInElsewhere(account, userAgents.firefoxOnLinux);
    const call = network.hold('GET user/sessions');
    renderAccount('en', { settings: true });
    await call.reached;
    expect(scope().getByRole('status')).toHaveTextContent('Loading your sessions…');
    call.release();
    const [thisDevice, ...others] = await scope().findAllByRole('listitem');
    // The page's own requests come from Node, whose User-Agent names no browser.
    expect(thisDevice).toHaveTextContent(/^Unknown browserThis deviceActive nowSigned in \w+/);
    expect(within(thisDevice).queryByRole('button')).toBeNull();
    expect(others.map((row) => row.textContent?.replace(/Last active .*/, '')).sort()).toEqual(['Firefox on Linux', 'Safari on iOS']);
    for (const row of others) {
      expect(row).toHaveTextContent(/Last active \w+.*Signed in \w+/);
      expect(within(row).getByRole('button', { name: /^Sign out / })).toBeVisible();
    }
  });

  it('signs out one other session from the keyboard: that browser is logged out, a snackbar says so', async () => {
    const { user, phone, laptop } = await openWithDevices();
    scope().getByRole('button', { name: 'Sign out Safari on iOS' }).focus();
    await user.keyboard('{Enter}');
    await snackShown('Safari on iOS is signed out.', 'success');
    expect(scope().queryByText('Safari on iOS')).toBeNull();
    expect(scope().getByText('Firefox on Linux')).toBeVisible();
    // The button went with its row; the keyboard focus stays in the section.
    expect(section('Where you are signed in')).toContainElement(document.activeElement as HTMLElement);
    expect((await phone('GET', 'user/sessions')).status).toBe(401);
    expect((await laptop('GET', 'user/sessions')).status).toBe(200);
  });

  it('signs out everywhere else, busy meanwhile, then says no other session is left', async () => {
    const { user, phone, laptop } = await openWithDevices();
    const call = network.hold('POST user/sessions/sign-out-others');
    const button = scope().getByRole('button', { name: 'SIGN OUT EVERYWHERE ELSE' });
    await user.click(button);
    await call.reached;
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    call.release();
    await snackShown('Signed out everywhere else.', 'success');
    expect(scope().getAllByRole('listitem')).toHaveLength(1);
    expect(scope().getByText('You are not signed in anywhere else.')).toBeVisible();
    expect(scope().queryByRole('button')).toBeNull();
    for (const device of [phone, laptop]) expect((await device('GET', 'user/sessions')).status).toBe(401);
    expect((await backendSession()).UserName).not.toBeNull();
  });

  it('shows the refusal and the list as it is now when the session had ended meanwhile', async () => {
    const { user, phone } = await openWithDevices();
    await phone('PUT', 'auth/logout'); // the phone logs out by itself
    await user.click(scope().getByRole('button', { name: 'Sign out Safari on iOS' }));
    await snackShown('Your account has no such session. It may have ended already.', 'error');
    await waitFor(() => expect(scope().queryByText('Safari on iOS')).toBeNull());
    expect(scope().getByText('Firefox on Linux')).toBeVisible();
  });

  it('offers a retry when the list does not load', async () => {
    await signedIn();
    network.gatewayError('GET user/sessions');
    renderAccount('en', { settings: true });
    expect(await scope().findByRole('alert')).toHaveTextContent('Your sessions could not be loaded.');
    await userEvent.setup().click(scope().getByRole('button', { name: 'Try again' }));
    expect(await scope().findByText('You are not signed in anywhere else.')).toBeVisible();
    expect(scope().getByText('Unknown browser')).toBeVisible();
  });

  it('reloads after a password change, which ends the other sessions', async () => {
    const { user } = await openWithDevices();
    const password = within(section('Password'));
    await user.type(password.getByLabelText('Current password'), strongPassword);
    await user.type(password.getByLabelText('New password'), 'Changed2026');
    await user.type(password.getByLabelText('Repeat new password'), 'Changed2026');
    await user.click(password.getByRole('button', { name: 'UPDATE' }));
    expect(await scope().findByText('You are not signed in anywhere else.')).toBeVisible();
  });
});

describe('unsaved changes guard', () => {
  async function renderWithLink() {
    await signedIn();
    renderWithIntl(
      <>
        <Link href="/contact">Contact</Link>
        <AccountSettings />
        <ConfirmDialog />
      </>,
    );
    return userEvent.setup();
  }

  it('lets the user leave freely while no form has changes', async () => {
    await renderWithLink();
    expect(beforeUnloadCancelled()).toBe(false);
  });

  it('asks before a link leaves a changed form; No stays, Yes goes', async () => {
    const user = await renderWithLink();
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
    const user = await renderWithLink();
    const field = within(section('Display name')).getByLabelText('Display name (optional)');
    await user.type(field, 'x');
    await waitFor(() => expect(beforeUnloadCancelled()).toBe(true));
    await user.type(field, '{Backspace}');
    await waitFor(() => expect(beforeUnloadCancelled()).toBe(false));
  });
});
