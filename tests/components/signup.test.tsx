import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appState } from '@/lib/state/app-state';
import { authDialogState, openAuthDialog } from '@/lib/state/auth-dialogs';
import { snackbarStore } from '@/lib/state/snackbar';
import { ann, renderAccount, resetAccountState, serveApi, snackText, type ServerAnswer } from './account-helpers';

beforeEach(resetAccountState);

// The answers of POST auth/signup (tests/api/auth.test.ts).
const codeSent: ServerAnswer = { body: { Errors: [{ Message: 'We sent a verification code to ann@example.com. Enter it below to continue.' }], CodeResult: 'show', SessionInfo: null } };
const codeWrong: ServerAnswer = { status: 400, body: { Errors: [{ Message: 'The verification code is not correct.' }], CodeResult: 'show', SessionInfo: null } };
const addressTaken: ServerAnswer = { status: 400, body: { Errors: [{ Message: 'An account with this email address already exists. Please log in instead.' }], CodeResult: 'hide', SessionInfo: null } };
const throttled: ServerAnswer = { status: 429, body: { Errors: [{ Message: 'Too many codes were requested.' }], CodeResult: null, SessionInfo: null } };
const created: ServerAnswer = { body: { Errors: [], CodeResult: null, SessionInfo: ann } };

async function openSignup(answers: ServerAnswer[] = []) {
  const api = serveApi((call) => (call.path === 'auth/signup' ? answers.shift() : undefined));
  const user = userEvent.setup();
  renderAccount();
  act(() => openAuthDialog('signup'));
  const dialog = await screen.findByRole('dialog', { name: 'Sign up for new account' });
  const submit = () => user.click(within(dialog).getByRole('button', { name: 'CREATE ACCOUNT' }));
  const code = () => within(dialog).queryByLabelText('Verification code');
  async function fillValidForm() {
    await user.type(within(dialog).getByLabelText('Email'), 'Ann@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'Secret123');
    await user.type(within(dialog).getByLabelText('Repeat password'), 'Secret123');
    await user.click(within(dialog).getByRole('checkbox'));
  }
  return { api, user, dialog, submit, code, fillValidForm };
}

describe('sign-up dialog (spec screen 7)', () => {
  it('has the fields, the terms links opening in a new tab, and no code field at first', async () => {
    const { dialog, code } = await openSignup();
    expect(within(dialog).getByLabelText('Email')).toHaveFocus();
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(within(dialog).getByLabelText('Repeat password')).toHaveAttribute('type', 'password');
    expect(code()).toBeNull();
    const terms = within(dialog).getByRole('link', { name: /Terms of Service/ });
    const privacy = within(dialog).getByRole('link', { name: /Privacy Policy/ });
    expect(terms).toHaveAttribute('href', '/legal/terms-of-service');
    expect(privacy).toHaveAttribute('href', '/legal/privacy-policy');
    for (const link of [terms, privacy]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    }
    expect(within(dialog).getByRole('checkbox', { name: /^I agree to the Terms of Service.*Privacy Policy/ })).not.toBeChecked();
  });

  it('an invalid submit shows every message and sends nothing', async () => {
    const { api, dialog, submit } = await openSignup();
    await submit();
    await waitFor(() => expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription('Required'));
    expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription('Required');
    expect(within(dialog).getByLabelText('Repeat password')).toHaveAccessibleDescription('Required');
    expect(within(dialog).getByRole('checkbox')).toHaveAccessibleDescription('You must agree to the legal terms');
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('re-checks the repeated password when the password changes', async () => {
    const { user, dialog } = await openSignup();
    await user.type(within(dialog).getByLabelText('Password'), 'Secret123');
    await user.type(within(dialog).getByLabelText('Repeat password'), 'Secret123');
    await user.type(within(dialog).getByLabelText('Password'), '4');
    await waitFor(() => expect(within(dialog).getByLabelText('Repeat password')).toHaveAccessibleDescription('Passwords do not match'));
  });

  it('shows the code field when the server asks, then sends the code and logs in', async () => {
    const { api, user, dialog, submit, code, fillValidForm } = await openSignup([codeSent, created]);
    await fillValidForm();
    await submit();

    // The server accepted the request: its message is news (role status), not an error.
    expect(await within(dialog).findByRole('status')).toHaveTextContent('We sent a verification code to ann@example.com');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await waitFor(() => expect(code()).toHaveFocus());
    // A notice is not a refusal: it stays while the code is typed.
    await user.type(code()!, 'a');
    expect(within(dialog).getByRole('status')).toHaveTextContent('We sent a verification code to ann@example.com');
    await user.clear(code()!);
    expect(api.to('auth/signup')[0].body).toEqual({ UserName: 'ann@example.com', Password: 'Secret123', UserAgreedToTerms: true, CookieConsent: null, Code: null });

    await user.type(code()!, 'abc234');
    await submit();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('auth/signup')[1].body).toMatchObject({ Code: 'abc234' });
    expect(appState.get().sessionInfo).toEqual(ann);
    expect(authDialogState.get().open).toBeNull();
    expect(snackText()).toBe('Welcome!');
    expect(snackbarStore.get().current?.duration).toBe(2000);
  });

  it('clears the code after a wrong one and keeps the field', async () => {
    const { user, dialog, submit, code, fillValidForm } = await openSignup([codeSent, codeWrong]);
    await fillValidForm();
    await submit();
    await user.type(await within(dialog).findByLabelText('Verification code'), 'WRONG1');
    await submit();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The verification code is not correct.');
    expect(code()).toHaveValue('');
    expect(within(dialog).queryByText(/We sent a verification code/)).toBeNull();
  });

  it('hides the code field when CodeResult is hide', async () => {
    const { dialog, submit, code, fillValidForm } = await openSignup([codeSent, addressTaken]);
    await fillValidForm();
    await submit();
    await within(dialog).findByLabelText('Verification code');
    await submit();
    expect(await within(dialog).findByText(/already exists/)).toBeVisible();
    expect(code()).toBeNull();
  });

  it('leaves the code field as it is when errors come without a CodeResult', async () => {
    const { user, dialog, submit, code, fillValidForm } = await openSignup([codeSent, throttled]);
    await fillValidForm();
    await submit();
    await user.type(await within(dialog).findByLabelText('Verification code'), 'ABC234');
    await submit();
    expect(await within(dialog).findByText('Too many codes were requested.')).toBeVisible();
    expect(code()).toHaveValue('ABC234');
  });

  it('is not closed by a click beside it, but by its close button', async () => {
    const { user, dialog } = await openSignup();
    act(() => void document.body.dispatchEvent(new Event('pointerdown', { bubbles: true })));
    // The same event closes the login dialog (login.test.tsx); give it the same time here.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(dialog).toBeInTheDocument();
    expect(authDialogState.get().open).toBe('signup');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('the Login link switches back to login', async () => {
    const { user, dialog } = await openSignup();
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeVisible();
    expect(authDialogState.get().open).toBe('login');
  });
});
