import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { appActions, appState } from '@/lib/state/app-state';
import { openAuthDialog } from '@/lib/state/auth-dialogs';
import { showError } from '@/lib/state/snackbar';
import { routerCalls } from './render';
import {
  capitalized,
  existingAccount,
  expectNoAuthDialog,
  expectSnackLasts,
  logInThroughDialog,
  renderAccount,
  resetAccountState,
  snackShown,
  snackText,
  throttleLogins,
  visitorPage,
} from './account-helpers';
import { signedIn, newAccount, uniqueEmail } from './runner/accounts';
import { network, pageApi } from './runner/network';

beforeEach(resetAccountState);

async function openLogin(returnTo: string | null = null, locale: 'en' | 'de' = 'en') {
  const user = userEvent.setup();
  renderAccount(locale);
  act(() => openAuthDialog('login', returnTo));
  const dialog = await screen.findByRole('dialog', { name: locale === 'en' ? 'Login' : 'Anmelden' });
  return { user, dialog };
}

/** Types the address and password into the open login dialog. */
async function fillLogin(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  email: string,
  password: string,
  locale: 'en' | 'de' = 'en',
) {
  await user.type(within(dialog).getByLabelText(locale === 'en' ? 'Email' : 'E-Mail'), email);
  await user.type(within(dialog).getByLabelText(locale === 'en' ? 'Password' : 'Passwort'), password);
}

describe('login dialog', () => {
  it('has the title, the fields and SIGN IN, and focuses the email field', async () => {
    const { dialog } = await openLogin();
    expect(within(dialog).getByLabelText('Email')).toHaveFocus();
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('maxlength', '50');
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(within(dialog).getByRole('button', { name: 'SIGN IN' })).toBeEnabled();
  });

  it('shows a field error only once the field is touched, dirty or submitted', async () => {
    const { user, dialog } = await openLogin();
    const email = within(dialog).getByLabelText('Email');
    const password = within(dialog).getByLabelText('Password');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(password).not.toHaveAttribute('aria-invalid');

    await user.type(email, 'abc'); // dirty, still focused
    await waitFor(() => expect(email).toHaveAccessibleDescription('Must be at least 6 characters'));
    expect(password).not.toHaveAttribute('aria-invalid');

    await user.click(password);
    await user.tab(); // touched, never typed in
    await waitFor(() => expect(password).toHaveAccessibleDescription('Required'));
  });

  it('an invalid submit marks every field and sends nothing', async () => {
    const { user, dialog } = await openLogin();
    await user.click(within(dialog).getByRole('button', { name: 'SIGN IN' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription('Required'));
    expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription('Required');
    expect(network.calls()).toEqual([]);
  });

  it('toggles the password between hidden and shown with a pressed button', async () => {
    const { user, dialog } = await openLogin();
    const toggle = within(dialog).getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('type', 'text');
  });

  it('lists the server errors above the form and keeps the dialog open', async () => {
    const account = await existingAccount();
    const { user, dialog } = await openLogin();
    await fillLogin(user, dialog, account.email, 'Wrong1234');
    await user.click(within(dialog).getByRole('button', { name: 'SIGN IN' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The email address or password is not correct.');
    expect(appState.get().sessionInfo).toBeNull();
    expect((await pageApi('GET', 'auth/session-info')).body).toMatchObject({ UserName: null });
    // The refusal was about what was sent: editing the form takes it away.
    await user.type(within(dialog).getByLabelText('Password'), '5');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('shows a throttled answer (429) the same way', async () => {
    const address = uniqueEmail('guessed');
    await visitorPage();
    await throttleLogins(address);
    const { user, dialog } = await openLogin();
    await fillLogin(user, dialog, address, 'Wrong1234');
    await user.click(within(dialog).getByRole('button', { name: 'SIGN IN' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many login attempts. Please wait a few minutes and try again.');
  });

  it('disables SIGN IN while saving', async () => {
    const account = await existingAccount();
    // A slow network: the login stays on its way until released.
    const login = network.hold('POST auth/login');
    const { user, dialog } = await openLogin();
    await fillLogin(user, dialog, account.email, account.password);
    await user.click(within(dialog).getByRole('button', { name: 'SIGN IN' }));
    await login.reached;
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'SIGN IN' })).toHaveAttribute('aria-disabled', 'true'));
    act(() => login.release());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('stores the session, closes, says Welcome! for 2 s and goes to the return path', async () => {
    localStorage.setItem('cookie.consent', JSON.stringify({ timestamp: '2025-10-26T00:00:00.000Z', app: 'website' }));
    const account = await existingAccount();
    const { user, dialog } = await openLogin('/account/billing');
    // Typed with a capital and spaces around it: the address is sent trimmed and in lower case.
    await fillLogin(user, dialog, `  ${capitalized(account.email)} `, account.password);
    await user.click(within(dialog).getByRole('button', { name: 'SIGN IN' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const welcome = await snackShown('Welcome!', 'success');
    expect(network.calls('POST auth/login')[0].body).toEqual({
      UserName: account.email,
      Password: account.password,
      CookieConsent: { timestamp: '2025-10-26T00:00:00.000Z', app: 'website' },
    });
    expect(appState.get().sessionInfo).toEqual(account.session);
    // The page's cookies now hold the new session.
    expect((await pageApi('GET', 'auth/session-info')).body).toEqual(account.session);
    expect(localStorage.getItem('auth.session')).toBe('true');
    expect(routerCalls).toEqual([{ method: 'push', href: '/account/billing' }]);
    await expectSnackLasts(welcome, 2000);
  });

  it('says so when the login cancelled a scheduled deletion', async () => {
    const account = await newAccount();
    expect((await pageApi('PUT', 'user/delete-account', { CurrentPassword: account.password })).status).toBe(200);
    await visitorPage();
    const { user, dialog } = await openLogin();
    await fillLogin(user, dialog, account.email, account.password);
    await user.click(within(dialog).getByRole('button', { name: 'SIGN IN' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const notice = await snackShown('Welcome back! Your account is no longer scheduled for deletion.', 'success');
    await expectSnackLasts(notice, 5000);
  });

  it('returns to the path in the current language', async () => {
    const account = await existingAccount();
    const { user, dialog } = await openLogin('/store/cart', 'de');
    await fillLogin(user, dialog, account.email, account.password, 'de');
    await user.click(within(dialog).getByRole('button', { name: 'ANMELDEN' }));
    await waitFor(() => expect(routerCalls).toEqual([{ method: 'push', href: '/de/store/cart' }]));
    expect(snackText()).toBe('Willkommen!');
  });

  it('the Sign Up link closes it and opens the sign-up dialog, which keeps the return path', async () => {
    const { user, dialog } = await openLogin('/store/cart');
    await user.click(within(dialog).getByRole('button', { name: 'Sign Up' }));
    const signup = await screen.findByRole('dialog', { name: 'Sign up for new account' });
    expect(signup).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Login' })).toBeNull());
    // The return path shows where a login from there goes (sign-up's own Login link keeps it too).
    await user.click(within(signup).getByRole('button', { name: 'Login' }));
    await screen.findByRole('dialog', { name: 'Login' });
    await logInThroughDialog(user);
    expect(routerCalls).toEqual([{ method: 'push', href: '/store/cart' }]);
  });

  it('a snack’s Dismiss is not a click beside it: the dialog and what was typed stay', async () => {
    const { user, dialog } = await openLogin();
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'someone@example.com');
    act(() => showError({ text: 'Unable to connect server' }));
    // jsdom has no stylesheet, so the snack's pointer-events-auto (over the modal's none) is not applied here.
    await userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never }).click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(snackText()).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Login' })).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: /Email/ })).toHaveValue('someone@example.com');
  });

  it('a click beside it closes it (unlike sign-up)', async () => {
    await openLogin();
    // Closed within the event, so the sign-up dialog's test can look right after it (signup.test.tsx).
    act(() => void document.body.dispatchEvent(new Event('pointerdown', { bubbles: true })));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Esc closes it', async () => {
    const { user } = await openLogin();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expectNoAuthDialog();
  });
});

describe('the login guard fallback ?login=<return path>', () => {
  beforeEach(() => window.history.replaceState(null, '', '/?login=%2Faccount%2Fbilling'));
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('opens the login once the session check is done, and drops the parameter from the address', async () => {
    renderAccount('en', { search: 'login=/account/billing' });
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => appActions.markSessionChecked());
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeVisible();
    await logInThroughDialog(userEvent.setup());
    expect(routerCalls).toEqual([{ method: 'push', href: '/account/billing' }]);
  });

  it('sends a logged-in user straight to the return path', async () => {
    await signedIn();
    renderAccount('en', { search: 'login=/account/billing' });
    await waitFor(() => expect(routerCalls).toEqual([{ method: 'push', href: '/account/billing' }]));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('never returns to another site', async () => {
    renderAccount('en', { search: 'login=//evil.example/steal' });
    act(() => appActions.markSessionChecked());
    await screen.findByRole('dialog', { name: 'Login' });
    await logInThroughDialog(userEvent.setup());
    expect(routerCalls).toEqual([]);
  });
});
