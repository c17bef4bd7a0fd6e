import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appState } from '@/lib/state/app-state';
import { openAuthDialog } from '@/lib/state/auth-dialogs';
import {
  capitalized,
  expectNoAuthDialog,
  expectSnackLasts,
  renderAccount,
  resetAccountState,
  snackShown,
  visitorPage,
} from './account-helpers';
import { changeEmail, mailedCode, signUp, strongPassword, uniqueEmail } from './runner/accounts';
import { anotherBrowser, network, pageApi } from './runner/network';

beforeEach(resetAccountState);

async function openSignup() {
  await visitorPage();
  const user = userEvent.setup();
  renderAccount();
  act(() => openAuthDialog('signup'));
  const dialog = await screen.findByRole('dialog', { name: 'Sign up for new account' });
  const submit = () => user.click(within(dialog).getByRole('button', { name: 'CREATE ACCOUNT' }));
  const code = () => within(dialog).queryByLabelText('Verification code');
  /** Fills the form for a new address (typed with a capital) and asks for its code; returns the mailed code. */
  async function askForCode() {
    const email = uniqueEmail('signup');
    await user.type(within(dialog).getByLabelText('Email'), capitalized(email));
    await user.type(within(dialog).getByLabelText('Password'), strongPassword);
    await user.type(within(dialog).getByLabelText('Repeat password'), strongPassword);
    await user.click(within(dialog).getByRole('checkbox'));
    const asked = Date.now() - 1;
    await submit();
    await within(dialog).findByLabelText('Verification code');
    return { email, mailed: await mailedCode(email, asked) };
  }
  return { user, dialog, submit, code, askForCode };
}

/**
 * Another account takes the address meanwhile, as a second user would in their own browser: it
 * moves its own login to it with the code mailed there.
 */
async function anotherAccountTakes(address: string) {
  const theirs = anotherBrowser();
  await signUp(undefined, undefined, theirs);
  await changeEmail(address, theirs);
}

describe('sign-up dialog', () => {
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
    const { dialog, submit } = await openSignup();
    await submit();
    await waitFor(() => expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription('Required'));
    expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription('Required');
    expect(within(dialog).getByLabelText('Repeat password')).toHaveAccessibleDescription('Required');
    expect(within(dialog).getByRole('checkbox')).toHaveAccessibleDescription('You must agree to the legal terms');
    expect(network.calls()).toEqual([]);
  });

  it('re-checks the repeated password when the password changes', async () => {
    const { user, dialog } = await openSignup();
    await user.type(within(dialog).getByLabelText('Password'), 'Secret123');
    await user.type(within(dialog).getByLabelText('Repeat password'), 'Secret123');
    await user.type(within(dialog).getByLabelText('Password'), '4');
    await waitFor(() => expect(within(dialog).getByLabelText('Repeat password')).toHaveAccessibleDescription('Passwords do not match'));
  });

  it('shows the code field when the server asks, then sends the code and logs in', async () => {
    const { user, dialog, submit, code, askForCode } = await openSignup();
    const { email, mailed } = await askForCode();

    // The server accepted the request: its message is news (role status), not an error.
    const sentNotice = `We sent a verification code to ${email}. Enter it below to continue.`;
    expect(await within(dialog).findByRole('status')).toHaveTextContent(sentNotice);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await waitFor(() => expect(code()).toHaveFocus());
    // Moved right above the code field, so the dialog can show the two together.
    const notice = within(dialog).getByRole('status');
    const follows = (first: Node, second: Node) => Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(within(dialog).getByLabelText('Repeat password'), notice)).toBe(true);
    expect(follows(notice, code()!)).toBe(true);
    // A notice is not a refusal: it stays while the code is typed.
    await user.type(code()!, 'a');
    expect(within(dialog).getByRole('status')).toHaveTextContent(sentNotice);
    await user.clear(code()!);
    expect(network.calls('POST auth/signup')[0].body).toEqual({
      UserName: email,
      Password: strongPassword,
      UserAgreedToTerms: true,
      CookieConsent: null,
      Code: null,
    });

    // Typed in lower case: the code is sent as typed and the server reads it either way.
    await user.type(code()!, mailed.toLowerCase());
    await submit();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const welcome = await snackShown('Welcome!', 'success');
    expect(network.calls('POST auth/signup')[1].body).toMatchObject({ Code: mailed.toLowerCase() });
    const { body: session } = await pageApi('GET', 'auth/session-info');
    expect(session).toMatchObject({ UserName: email });
    expect(appState.get().sessionInfo).toEqual(session);
    await expectNoAuthDialog();
    await expectSnackLasts(welcome, 2000);
  });

  it('clears the code after a wrong one and keeps the field', async () => {
    const { user, dialog, submit, code, askForCode } = await openSignup();
    await askForCode();
    // Never a real code: codes do not use the digit 1.
    await user.type(code()!, 'WRONG1');
    await submit();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The verification code is not correct.');
    expect(code()).toHaveValue('');
    expect(within(dialog).queryByText(/We sent a verification code/)).toBeNull();
  });

  it('a code typed after the address was changed says where the code went, and sends nothing', async () => {
    const { user, dialog, submit, code, askForCode } = await openSignup();
    const { email, mailed } = await askForCode();
    const emailField = within(dialog).getByLabelText('Email');
    await user.clear(emailField);
    await user.type(emailField, uniqueEmail('other'));
    await user.type(code()!, mailed);
    await submit();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      `This code was sent to ${email}. Enter that address again to use it, or leave the code empty and send again to get a code for the new address.`,
    );
    expect(network.calls('POST auth/signup')).toHaveLength(1);
    // Back to the address the code went to: the same code now creates the account.
    await user.clear(emailField);
    await user.type(emailField, email);
    await submit();
    await snackShown('Welcome!', 'success');
  });

  it('hides the code field when CodeResult is hide (the address was taken meanwhile)', async () => {
    const { user, dialog, submit, code, askForCode } = await openSignup();
    const { email, mailed } = await askForCode();
    await anotherAccountTakes(email);
    await user.type(code()!, mailed);
    await submit();
    expect(await within(dialog).findByText('An account with this email address already exists. Please log in instead.')).toBeVisible();
    expect(code()).toBeNull();
  });

  it('leaves the code field as it is when errors come without a CodeResult', async () => {
    const { user, dialog, submit, code, askForCode } = await openSignup();
    const { mailed } = await askForCode();
    await user.type(code()!, mailed);
    // The browser loses its cookies meanwhile (site data cleared in another tab): the backend
    // refuses the call for its missing XSRF token, an answer that says nothing about the code.
    network.clearCookies();
    await submit();
    expect(await within(dialog).findByText(/^Missing or invalid request-forgery token/)).toBeVisible();
    expect(code()).toHaveValue(mailed);
  });

  it('is not closed by a click beside it, but by its close button', async () => {
    const { user, dialog } = await openSignup();
    // The same event closes the login dialog at once (login.test.tsx).
    act(() => void document.body.dispatchEvent(new Event('pointerdown', { bubbles: true })));
    expect(dialog).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Sign up for new account' })).toBe(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('the Login link switches back to login', async () => {
    const { user, dialog } = await openSignup();
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sign up for new account' })).toBeNull());
  });
});
