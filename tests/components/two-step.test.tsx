import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Enrolment, RecoveryCodes } from '@/lib/contract/second-factor';
import { appState } from '@/lib/state/app-state';
import { openAuthDialog } from '@/lib/state/auth-dialogs';
import { ResetPassword } from '@/components/account/ResetPassword';
import { SnackbarHost } from '@/components/shell/SnackbarHost';
import { renderWithIntl, routerCalls } from './render';
import { beforeUnloadCancelled, renderAccount, resetAccountState, snackShown, visitorPage } from './account-helpers';
import { authenticatorCode } from './admin-helpers';
import { backendSession, openSettings } from './settings-helpers';
import { mailedResetToken, newAccount, signedIn } from './runner/accounts';
import { accepted, network, pageApi } from './runner/network';

// Customers' two-step sign-in (docs/product/accounts.md#two-step-sign-in), on the real backend
// with real authenticator codes.

beforeEach(resetAccountState);

const section = () => screen.getByRole('region', { name: 'Two-step sign-in' });

/** Turns two-step sign-in on for the page's session through the real calls, as the settings do. */
async function turnOnByApi(): Promise<{ secret: string; recoveryCodes: string[] }> {
  const enrolment = await accepted('start', pageApi<Enrolment>('POST', 'user/second-factor/start'));
  const confirmed = await accepted(
    'confirm',
    pageApi<RecoveryCodes>('POST', 'user/second-factor/confirm', { Code: await authenticatorCode(enrolment.Secret) }),
  );
  return { secret: enrolment.Secret, recoveryCodes: confirmed.RecoveryCodes };
}

/** A code that none of the steps around now shows. */
async function wrongCodeFor(secret: string) {
  const valid = await Promise.all([-1, 0, 1].map((step) => authenticatorCode(secret, step)));
  return ['000000', '111111', '222222'].find((code) => !valid.includes(code))!;
}

describe('the settings’ Two-step sign-in section', () => {
  it('turns it on: the QR code and key, a refused code, then the recovery codes once and the state on', async () => {
    const { user } = await openSettings();
    const card = within(section());
    expect(await card.findByText('Two-step sign-in is off: logging in asks for your password only.')).toBeVisible();
    await user.click(card.getByRole('button', { name: 'TURN ON' }));

    expect(await card.findByRole('heading', { name: 'Set up your authenticator app' })).toHaveFocus();
    const qr = card.getByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3C/);
    const secret = card.getByTestId('totp-secret').textContent!.replace(/\s+/g, '');

    const field = card.getByLabelText('Six-digit code');
    await user.type(field, await wrongCodeFor(secret));
    await user.click(card.getByRole('button', { name: 'TURN ON' }));
    expect(await card.findByRole('alert')).toHaveTextContent('The code is not correct.');
    expect(field).toHaveValue('');

    await user.type(field, await authenticatorCode(secret));
    await user.click(card.getByRole('button', { name: 'TURN ON' }));
    expect(await card.findByRole('heading', { name: 'Your recovery codes' })).toHaveFocus();
    expect(card.getByText('Two-step sign-in is on. You were signed out everywhere else.')).toBeVisible();
    const codes = within(card.getByRole('list', { name: 'Recovery codes' })).getAllByRole('listitem');
    expect(codes).toHaveLength(10);
    const download = card.getByRole('link', { name: 'Download as a file' });
    expect(download).toHaveAttribute('download', 'recovery-codes.txt');
    expect(decodeURIComponent(download.getAttribute('href')!)).toContain(codes[0].textContent!);
    expect((await pageApi('GET', 'user/second-factor')).body).toEqual({ Enabled: true, StaffManaged: false });

    // Leaving now would lose the codes: the page asks first. The guard is set up by an effect
    // after the codes are drawn (the section reports them unsaved to the page), so it is waited for.
    await waitFor(() => expect(beforeUnloadCancelled()).toBe(true));

    await user.click(card.getByRole('button', { name: 'I have saved my codes' }));
    expect(card.queryByTestId('recovery-codes')).toBeNull();
    expect(card.getByText(/^Two-step sign-in is on:/)).toBeVisible();
    expect(card.getByRole('button', { name: 'TURN OFF' })).toHaveFocus();
  });

  it('turns it off with the current password and a code, refusing wrong ones above the form', async () => {
    await signedIn();
    const { secret } = await turnOnByApi();
    renderAccount('en', { settings: true });
    const user = userEvent.setup();
    const card = within(section());
    await user.click(await card.findByRole('button', { name: 'TURN OFF' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Turn off two-step sign-in' }));
    expect(dialog.getByLabelText('Current password')).toHaveFocus();

    await user.type(dialog.getByLabelText('Current password'), 'Wrong-password-1');
    await user.type(dialog.getByLabelText('Code'), await authenticatorCode(secret, 1));
    await user.click(dialog.getByRole('button', { name: 'TURN OFF' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('The current password is not correct.');

    await user.clear(dialog.getByLabelText('Current password'));
    await user.type(dialog.getByLabelText('Current password'), 'Bluebonnet2025');
    await user.type(dialog.getByLabelText('Code'), await wrongCodeFor(secret));
    await user.click(dialog.getByRole('button', { name: 'TURN OFF' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('The code is not correct.');

    await user.type(dialog.getByLabelText('Code'), await authenticatorCode(secret, 1));
    await user.click(dialog.getByRole('button', { name: 'TURN OFF' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await snackShown('Two-step sign-in is off', 'success');
    expect(card.getByText('Two-step sign-in is off: logging in asks for your password only.')).toBeVisible();
    expect((await pageApi('GET', 'user/second-factor')).body).toEqual({ Enabled: false, StaffManaged: false });
  });

  it('tells a staff member that the console requires it, with nothing to change', async () => {
    await signedIn();
    await accepted('grant the role', pageApi('POST', 'test/staff-role', { Role: 'staff' }));
    renderAccount('en', { settings: true });
    const card = within(section());
    expect(await card.findByText(/Your account has a staff role, so two-step sign-in is required/)).toBeVisible();
    expect(card.queryByRole('button')).toBeNull();
  });

  it('is in German and Russian', async () => {
    await signedIn();
    const { unmount } = renderAccount('de', { settings: true });
    expect(
      await within(screen.getByRole('region', { name: 'Zweistufige Anmeldung' })).findByRole('button', { name: 'EINSCHALTEN' }),
    ).toBeVisible();
    unmount();
    renderAccount('ru', { settings: true });
    expect(await within(screen.getByRole('region', { name: 'Двухэтапный вход' })).findByRole('button', { name: 'ВКЛЮЧИТЬ' })).toBeVisible();
  });
});

describe('the login dialog’s code step', () => {
  /** An account with two-step sign-in on; the page is a visitor's again. */
  async function accountWithTwoStep() {
    const account = await newAccount();
    const factor = await turnOnByApi();
    await visitorPage();
    return { ...account, ...factor };
  }

  /** The password step of the login dialog, answered with the code step. */
  async function passwordStep(account: { email: string; password: string }, returnTo: string | null = null) {
    const user = userEvent.setup();
    renderAccount('en');
    act(() => openAuthDialog('login', returnTo));
    const dialog = within(await screen.findByRole('dialog', { name: 'Login' }));
    await user.type(dialog.getByLabelText('Email'), account.email);
    await user.type(dialog.getByLabelText('Password'), account.password);
    await user.click(dialog.getByRole('button', { name: 'SIGN IN' }));
    expect(await dialog.findByText('Two-step sign-in is on for this account. Enter the code from your authenticator app.')).toBeVisible();
    return { user, dialog };
  }

  it('asks for the code after the right password, refuses a wrong one, and logs in with the right one', async () => {
    const account = await accountWithTwoStep();
    const { user, dialog } = await passwordStep(account, '/account/billing');
    const field = dialog.getByLabelText('Code');
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription('The six digits from the app, or one of your recovery codes.');
    // Not logged in yet, here or on the server.
    expect(appState.get().sessionInfo).toBeNull();
    expect((await backendSession()).UserName).toBeNull();

    await user.type(field, await wrongCodeFor(account.secret));
    await user.click(dialog.getByRole('button', { name: 'VERIFY' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'The code is not correct. Check the time on your phone and try the current code.',
    );

    // The code the enrolment used is spent: the app's next one.
    await user.type(field, await authenticatorCode(account.secret, 1));
    await user.click(dialog.getByRole('button', { name: 'VERIFY' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await snackShown('Welcome!', 'success');
    expect(appState.get().sessionInfo?.UserName).toBe(account.email);
    expect((await backendSession()).UserName).toBe(account.email);
    expect(routerCalls).toEqual([{ method: 'push', href: '/account/billing' }]);
    expect(network.calls('POST auth/second-factor').at(-1)!.body).toEqual({ Code: expect.any(String), CookieConsent: null });
  });

  it('takes a recovery code', async () => {
    const account = await accountWithTwoStep();
    const { user, dialog } = await passwordStep(account);
    await user.type(dialog.getByLabelText('Code'), account.recoveryCodes[0]);
    await user.click(dialog.getByRole('button', { name: 'VERIFY' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await backendSession()).UserName).toBe(account.email);
  });

  it('disables VERIFY while the code is checked', async () => {
    const account = await accountWithTwoStep();
    const { user, dialog } = await passwordStep(account);
    const check = network.hold('POST auth/second-factor');
    await user.type(dialog.getByLabelText('Code'), account.recoveryCodes[1]);
    await user.click(dialog.getByRole('button', { name: 'VERIFY' }));
    await check.reached;
    await waitFor(() => expect(dialog.getByRole('button', { name: 'VERIFY' })).toHaveAttribute('aria-disabled', 'true'));
    act(() => check.release());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('starts over at the password when the login waited too long', async () => {
    const account = await accountWithTwoStep();
    const { user, dialog } = await passwordStep(account);
    // The waiting login ends (as after ten minutes, or a logout in another tab).
    await pageApi('PUT', 'auth/logout');
    await user.type(dialog.getByLabelText('Code'), account.recoveryCodes[2]);
    await user.click(dialog.getByRole('button', { name: 'VERIFY' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Your sign-in has expired. Please enter your email address and password again.',
    );
    expect(dialog.getByLabelText('Email')).toHaveValue(account.email);
    expect(dialog.queryByLabelText('Code')).toBeNull();
  });

  it('Esc closes it and forgets the code step', async () => {
    const account = await accountWithTwoStep();
    const { user } = await passwordStep(account);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    act(() => openAuthDialog('login'));
    const reopened = within(await screen.findByRole('dialog', { name: 'Login' }));
    expect(reopened.getByLabelText('Email')).toHaveValue('');
    expect(reopened.queryByLabelText('Code')).toBeNull();
  });
});

describe('the reset page with two-step sign-in on', () => {
  it('asks for the code after the new password is set, then logs in', async () => {
    const account = await newAccount();
    const { secret } = await turnOnByApi();
    await visitorPage();
    const sentAfter = Date.now() - 1;
    await pageApi('POST', 'auth/password-reset', { UserName: account.email });
    const token = await mailedResetToken(account.email, sentAfter);
    const user = userEvent.setup();
    renderWithIntl(
      <>
        <ResetPassword />
        <SnackbarHost />
      </>,
      'en',
      { pathname: '/reset-password', search: `?token=${token}` },
    );
    await user.type(screen.getByLabelText('New password'), 'Fresh-Start-2026');
    await user.type(screen.getByLabelText('Repeat new password'), 'Fresh-Start-2026');
    await user.click(screen.getByRole('button', { name: 'SET NEW PASSWORD' }));

    const code = await screen.findByLabelText('Code');
    expect(code).toHaveFocus();
    expect(appState.get().sessionInfo).toBeNull();
    expect((await backendSession()).UserName).toBeNull();
    await user.type(code, await authenticatorCode(secret, 1));
    await user.click(screen.getByRole('button', { name: 'VERIFY' }));
    await snackShown('Your new password is set. Welcome back!', 'success');
    expect((await backendSession()).UserName).toBe(account.email);
    expect(routerCalls).toContainEqual({ method: 'push', href: '/account/settings' });
  });
});
