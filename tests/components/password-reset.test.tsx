import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResetPassword } from '@/components/account/ResetPassword';
import { SnackbarHost } from '@/components/shell/SnackbarHost';
import { appActions, appState } from '@/lib/state/app-state';
import { openAuthDialog } from '@/lib/state/auth-dialogs';
import { existingAccount, renderAccount, resetAccountState, snackShown, translator, visitorPage } from './account-helpers';
import { renderWithIntl, routerCalls, type TestLocale } from './render';
import { mailedResetToken, uniqueEmail } from './runner/accounts';
import { pageApi } from './runner/network';

beforeEach(resetAccountState);

const newPassword = 'Fresh-Start-2026';

/** A real reset link's token, as the mail to the account carries it. */
async function resetToken(email: string): Promise<string> {
  const sentAfter = Date.now() - 1;
  await pageApi('POST', 'auth/password-reset', { UserName: email });
  return mailedResetToken(email, sentAfter);
}

function renderResetPage(search: string, locale: TestLocale = 'en') {
  return renderWithIntl(
    <>
      <ResetPassword />
      <SnackbarHost />
    </>,
    locale,
    { pathname: '/reset-password', search },
  );
}

describe('forgot password in the login dialog', () => {
  it('opens from the login, mails the link and says so, and leads back to the login', async () => {
    const { email } = await existingAccount();
    const user = userEvent.setup();
    renderAccount();
    act(() => openAuthDialog('login'));
    await user.click(within(await screen.findByRole('dialog', { name: 'Login' })).getByRole('button', { name: 'Forgot password?' }));

    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    const field = within(dialog).getByLabelText('Email');
    expect(field).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'SEND LINK' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.type(field, email);
    await user.click(within(dialog).getByRole('button', { name: 'SEND LINK' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(`If ${email} belongs to an account, we sent it a link`);
    await expect(mailedResetToken(email)).resolves.toMatch(/^[\w-]{43}$/);

    await user.click(within(dialog).getByRole('button', { name: 'Back to login' }));
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeInTheDocument();
  });

  it('gives an unknown address the same notice, in German too', async () => {
    await visitorPage();
    const user = userEvent.setup();
    const t = translator('de');
    // What the page's layout does: the API answers in the page's language.
    appActions.setDisplayLanguage('de');
    renderAccount('de');
    act(() => openAuthDialog('forgotPassword'));
    const dialog = await screen.findByRole('dialog', { name: t('account.forgotPassword.title') });
    const email = uniqueEmail('nobody');
    await user.type(within(dialog).getByLabelText(t('account.forgotPassword.email')), email);
    await user.click(within(dialog).getByRole('button', { name: t('account.forgotPassword.submit') }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(`Falls ${email} zu einem Konto gehört`);
  });
});

describe('the reset page', () => {
  it('sets the new password from the mailed link, logs in and goes to the settings', async () => {
    const { email } = await existingAccount();
    const token = await resetToken(email);
    const user = userEvent.setup();
    renderResetPage(`?token=${token}`);
    expect(screen.getByText(/Every session of the account will be logged out/)).toBeInTheDocument();
    const password = screen.getByLabelText('New password');
    expect(password).toHaveFocus();
    await user.type(password, newPassword);
    await user.type(screen.getByLabelText('Repeat new password'), 'Fresh-Start-2025');
    await user.click(screen.getByRole('button', { name: 'SET NEW PASSWORD' }));
    expect(screen.getByLabelText('Repeat new password')).toHaveAttribute('aria-invalid', 'true');
    expect(appState.get().sessionInfo).toBeNull();

    await user.clear(screen.getByLabelText('Repeat new password'));
    await user.type(screen.getByLabelText('Repeat new password'), newPassword);
    await user.click(screen.getByRole('button', { name: 'SET NEW PASSWORD' }));
    await snackShown('Your new password is set. Welcome back!', 'success');
    expect(appState.get().sessionInfo?.UserName).toBe(email);
    expect(routerCalls).toContainEqual({ method: 'push', href: '/account/settings' });
    const login = await pageApi('POST', 'auth/login', { UserName: email, Password: newPassword, CookieConsent: null });
    expect(login.status).toBe(200);
  });

  it('turns a spent link into the form that mails a new one', async () => {
    const { email } = await existingAccount();
    const token = await resetToken(email);
    await pageApi('POST', 'auth/password-reset/complete', { Token: token, NewPassword: newPassword });
    await visitorPage();
    const user = userEvent.setup();
    renderResetPage(`?token=${token}`);
    await user.type(screen.getByLabelText('New password'), 'Another-Pass-9');
    await user.type(screen.getByLabelText('Repeat new password'), 'Another-Pass-9');
    await user.click(screen.getByRole('button', { name: 'SET NEW PASSWORD' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is no longer valid.');
    expect(screen.getByRole('button', { name: 'SEND LINK' })).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(appState.get().sessionInfo).toBeNull();
  });

  it('asks for the address when opened without a link', async () => {
    await visitorPage();
    renderResetPage('', 'ru');
    const t = translator('ru');
    expect(screen.getByText(t('account.forgotPassword.intro'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('account.forgotPassword.submit') })).toBeInTheDocument();
  });
});
