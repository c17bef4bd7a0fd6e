import type { SessionInfo } from '@/lib/contract/auth';
import { appActions } from '@/lib/state/app-state';
import { mailsTo as mailsInSink, strongPassword, uniqueEmail, verificationCodeIn, type SinkMail } from '../../support/accounts';
import { accepted, pageApi, type ApiCaller } from './network';

export { strongPassword, uniqueEmail };

/** The mail the backend sent to an address (the real SMTP sink on loopback), oldest first. */
export const mailsTo = (address: string): Promise<SinkMail[]> =>
  mailsInSink(globalThis.nodeNetwork.mailApi, address, globalThis.nodeNetwork.fetch);

/**
 * Waits for a mail to the address sent after `after` (the backend's mail job sends within
 * moments) and returns what `find` reads in its text.
 */
async function mailedText(
  address: string,
  after: number,
  what: string,
  find: (text: string | undefined) => string | null,
): Promise<string> {
  for (const until = Date.now() + 15_000; Date.now() < until;) {
    const found = find((await mailsTo(address)).filter((mail) => mail.at > after).at(-1)?.text);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${what} mailed to ${address}`);
}

/** The verification code of the latest mail to the address sent after `after`. */
export const mailedCode = (address: string, after = 0) => mailedText(address, after, 'code', verificationCodeIn);

/** The token of the password-reset link mailed to the address after `after`. */
export const mailedResetToken = (address: string, after = 0) =>
  mailedText(address, after, 'reset link', (text) => text?.match(/reset-password\?token=([\w-]+)/)?.[1] ?? null);

/**
 * Creates an account through the real sign-up with its mailed code. The page's cookies (or those
 * of the browser `api` calls from) then hold its session; the app state is not told (see `signedIn`).
 */
export async function signUp(
  email = uniqueEmail(),
  password = strongPassword,
  api: ApiCaller = pageApi,
): Promise<{ email: string; password: string; session: SessionInfo }> {
  await api('GET', 'auth/session-info'); // the XSRF cookie, as the site's start-up gets it
  const request = { UserName: email, Password: password, UserAgreedToTerms: true, CookieConsent: null };
  const sentAfter = Date.now() - 1;
  const first = await api<{ CodeResult: string | null }>('POST', 'auth/signup', request);
  if (first.body.CodeResult !== 'show') throw new Error(`sign-up did not ask for a code: ${JSON.stringify(first.body)}`);
  const second = await accepted(
    'sign up with the code',
    api<{ SessionInfo: SessionInfo }>('POST', 'auth/signup', { ...request, Code: await mailedCode(email, sentAfter) }),
  );
  return { email, password, session: second.SessionInfo };
}

/**
 * A new account made by the test-only account call (no mailed code: `signUp` and the sign-up
 * tests keep that flow), logged in for the page's cookies or those of the browser `api` calls from.
 */
export async function newAccount(
  email = uniqueEmail(),
  password = strongPassword,
  api: ApiCaller = pageApi,
  displayName: string | null = null,
): Promise<{ email: string; password: string; session: SessionInfo }> {
  await api('GET', 'auth/session-info'); // the XSRF cookie, as the site's start-up gets it
  const made = await accepted(
    'make the account',
    api<{ SessionInfo: SessionInfo }>('POST', 'test/account', { UserName: email, Password: password, DisplayName: displayName }),
  );
  return { email, password, session: made.SessionInfo };
}

/**
 * A new account (with this display name, if given), logged in on the page; the app state holds
 * the session the backend answers, as the shell's start-up reads it.
 */
export async function signedIn({ email, displayName }: { email?: string; displayName?: string } = {}) {
  const account = await newAccount(email, strongPassword, pageApi, displayName ?? null);
  appActions.setSession(account.session);
  appActions.markSessionChecked();
  return account;
}

/**
 * Moves the login of the account that `api` calls for (the page's unless said) to a new address,
 * with its password and the code mailed there.
 */
export async function changeEmail(newEmail: string, api: ApiCaller = pageApi, password = strongPassword) {
  const sentAfter = Date.now() - 1;
  const request = { NewEmailAddress: newEmail, CurrentPassword: password };
  await accepted('ask for a code', api('PUT', 'user/email', { ...request, Code: null }));
  await accepted('change the address', api('PUT', 'user/email', { ...request, Code: await mailedCode(newEmail, sentAfter) }));
}
