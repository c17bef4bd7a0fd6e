import { eq } from 'drizzle-orm';
import { DEVICE_COOKIE } from '@/server/middleware/cookies';
import { passwordResets, users } from '@/server/db/schema';
import { deletionGraceMs, purgeDueAccounts } from '@/server/services/accounts/accounts';
import { passwordResetLifetimeMs } from '@/server/services/accounts/password-reset';
import { limits } from '@/server/services/platform/rate-limit';
import { sha256 } from '@/server/services/platform/crypto';
import { logInAgain, newCustomer, startTestBackend, strongPassword, TestClient, type TestBackend } from './harness';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend({ SITE_URL: 'https://shop.example' });
});
afterAll(() => backend.close());

const newPassword = 'Fresh-Start-2026';
const invalidLink = 'This password reset link is no longer valid. Ask for a new one with “Forgot password?” in the login.';

let network = 0;
/** A browser without a session, on its own network address (both calls are throttled by address). */
async function visitor(ip = `198.51.100.${++network}`) {
  const client = await new TestClient(backend).prime();
  const headers = { 'X-Forwarded-For': ip };
  return {
    client,
    ask: (email: string, language = 'en') =>
      client.call('POST', 'auth/password-reset', { body: { UserName: email }, headers: { ...headers, 'Accept-Language': language } }),
    complete: (body: unknown) => client.call('POST', 'auth/password-reset/complete', { body, headers }),
  };
}

const resetLink = /https?:\/\/\S+reset-password\?token=[\w-]+/;

/** The reset link in the last reset mail to an address (mail of one run may arrive in any order). */
async function mailedLink(email: string): Promise<string> {
  while (await backend.deliverMail());
  const mails = backend.mail.to(email);
  const link = mails.findLast((mail) => resetLink.test(mail.text))?.text.match(resetLink)?.[0];
  if (!link) throw new Error(`no reset link in the mail to ${email}: ${mails.map((mail) => mail.subject).join(', ')}`);
  return link;
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const loginStatus = async (email: string, password: string) =>
  (
    await (
      await new TestClient(backend).prime()
    ).call('POST', 'auth/login', { body: { UserName: email, Password: password, CookieConsent: null } })
  ).status;

describe('forgot password: the request', () => {
  it('answers the same notice whether or not the address has an account, and mails each', async () => {
    await newCustomer(backend, 'ada@example.com');
    const { ask } = await visitor();
    const known = await ask('Ada@Example.com');
    const unknown = await ask('nobody@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const notice = (email: string) => [
      expect.objectContaining({
        Message: `If ${email} belongs to an account, we sent it a link to choose a new password. The link works for one hour. No mail? Check the spam folder, or make sure you typed the address you signed up with.`,
      }),
    ];
    expect(known.body.Errors).toEqual(notice('ada@example.com'));
    expect(unknown.body.Errors).toEqual(notice('nobody@example.com'));
    expect(Object.keys(known.body)).toEqual(Object.keys(unknown.body));

    const link = await mailedLink('ada@example.com');
    expect(link).toMatch(/^https:\/\/shop\.example\/en\/reset-password\?token=[\w-]{43}$/);
    expect(backend.mail.to('ada@example.com').at(-1)?.subject).toBe('Reset your Bluebonnet password');
    expect(backend.mail.to('nobody@example.com').at(-1)?.subject).toBe('Password reset at Bluebonnet');
    expect(backend.mail.to('nobody@example.com').at(-1)?.text).not.toContain('reset-password?token');
  });

  it('stores the token only as its hash', async () => {
    await newCustomer(backend, 'hash@example.com');
    await (await visitor()).ask('hash@example.com');
    const token = tokenOf(await mailedLink('hash@example.com'));
    const [user] = await backend.database.db.select().from(users).where(eq(users.email, 'hash@example.com'));
    const rows = await backend.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(rows.map((row) => row.tokenHash)).toEqual([sha256(token)]);
  });

  it('mails an account in the language it last used, an unknown address in the page’s', async () => {
    await newCustomer(backend, 'greta@example.com');
    const { ask } = await visitor();
    await ask('greta@example.com', 'de');
    await ask('niemand@example.com', 'de');
    while (await backend.deliverMail());
    expect(backend.mail.to('greta@example.com').at(-1)?.subject).toBe('Reset your Bluebonnet password');
    expect(backend.mail.to('niemand@example.com').at(-1)?.subject).toBe('Passwort-Zurücksetzung bei Bluebonnet');
  });

  it('is throttled per address and per network, for known and unknown addresses alike', async () => {
    const perAddress = async (email: string) => {
      const statuses: number[] = [];
      for (let i = 0; i <= limits.resetsPerAddress.max; i++) statuses.push((await (await visitor()).ask(email)).status);
      return statuses;
    };
    await newCustomer(backend, 'flood@example.com');
    const expected = [...Array(limits.resetsPerAddress.max).fill(200), 429];
    expect(await perAddress('flood@example.com')).toEqual(expected);
    expect(await perAddress('flood-unknown@example.com')).toEqual(expected);

    const { ask } = await visitor();
    const statuses: number[] = [];
    for (let i = 0; i <= limits.resetsPerIp.max; i++) statuses.push((await ask(`net-${i}@example.com`)).status);
    expect(statuses).toEqual([...Array(limits.resetsPerIp.max).fill(200), 429]);
    expect((await ask('another@example.com')).body.Errors[0].Message).toBe(
      'Too many password resets were requested. Please wait before asking for another one.',
    );
  });

  it('refuses a malformed address with the field’s message', async () => {
    const { ask } = await visitor();
    const answer = await ask('not-an-address');
    expect(answer.status).toBe(400);
    expect(answer.body.Errors).toEqual([expect.objectContaining({ Field: 'UserName' })]);
  });
});

describe('the reset link', () => {
  it('sets the new password, ends every session, logs this browser in and tells the owner', async () => {
    const owner = await newCustomer(backend, 'grace@example.com');
    const laptop = await new TestClient(backend).prime();
    await logInAgain(laptop, 'grace@example.com');
    const { ask, complete, client } = await visitor();
    await ask('grace@example.com');
    const token = tokenOf(await mailedLink('grace@example.com'));

    const done = await complete({ Token: token, NewPassword: newPassword });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ Errors: [], SessionInfo: expect.objectContaining({ UserName: 'grace@example.com' }) });
    expect((await client.call('GET', 'auth/session-info')).body.UserName).toBe('grace@example.com');
    for (const old of [owner, laptop]) expect((await old.call('GET', 'auth/session-info')).body.UserName).toBeNull();

    expect(await loginStatus('grace@example.com', strongPassword)).toBe(400);
    expect(await loginStatus('grace@example.com', newPassword)).toBe(200);
    await backend.deliverMail();
    expect(backend.mail.to('grace@example.com').at(-1)?.subject).toBe('Your Bluebonnet password was reset');

    const again = await complete({ Token: token, NewPassword: 'Another-Pass-9' });
    expect(again.status).toBe(400);
    expect(again.body.Errors).toEqual([{ Message: invalidLink, Code: 'resetLinkInvalid' }]);
  });

  it('works only the last one mailed, and only for an hour', async () => {
    await newCustomer(backend, 'hour@example.com');
    const { ask, complete } = await visitor();
    await ask('hour@example.com');
    const first = tokenOf(await mailedLink('hour@example.com'));
    await ask('hour@example.com');
    const second = tokenOf(await mailedLink('hour@example.com'));
    expect((await complete({ Token: first, NewPassword: newPassword })).status).toBe(400);

    backend.clock.advance(passwordResetLifetimeMs);
    const late = await complete({ Token: second, NewPassword: newPassword });
    expect(late.status).toBe(400);
    expect(late.body.Errors[0].Code).toBe('resetLinkInvalid');
    expect(await loginStatus('hour@example.com', strongPassword)).toBe(200);
  });

  it('holds the new password to the sign-up rules and changes nothing on bad input', async () => {
    await newCustomer(backend, 'rules@example.com');
    const { ask, complete } = await visitor();
    await ask('rules@example.com');
    const token = tokenOf(await mailedLink('rules@example.com'));
    const weak = await complete({ Token: token, NewPassword: 'lowercase1' });
    expect(weak.status).toBe(400);
    expect(weak.body.Errors).toEqual([expect.objectContaining({ Field: 'NewPassword' })]);
    for (const body of [{}, { Token: '', NewPassword: newPassword }, { Token: 'x'.repeat(101), NewPassword: newPassword }, { Token: 5 }]) {
      expect((await complete(body)).status).toBe(400);
    }
    expect((await complete({ Token: 'guessed-token', NewPassword: newPassword })).body.Errors[0].Code).toBe('resetLinkInvalid');
    // The link survived the refusals.
    expect((await complete({ Token: token, NewPassword: newPassword })).status).toBe(200);
  });

  it('lifts the account’s login limit: the mailbox proved the owner', async () => {
    await newCustomer(backend, 'locked@example.com');
    const ip = '198.51.100.250';
    const guesser = await new TestClient(backend).prime();
    const guess = () =>
      guesser.call('POST', 'auth/login', {
        body: { UserName: 'locked@example.com', Password: 'Wrong-guess-1', CookieConsent: null },
        headers: { 'X-Forwarded-For': ip },
      });
    for (let i = 0; i < limits.loginFailuresPerAccountAndIp.max; i++) await guess();
    expect((await guess()).status).toBe(429);
    const { ask, complete } = await visitor(ip);
    await ask('locked@example.com');
    expect((await complete({ Token: tokenOf(await mailedLink('locked@example.com')), NewPassword: newPassword })).status).toBe(200);
    const login = await guesser.call('POST', 'auth/login', {
      body: { UserName: 'locked@example.com', Password: newPassword, CookieConsent: null },
      headers: { 'X-Forwarded-For': ip },
    });
    expect(login.status).toBe(200);
  });

  it('counts as a login: within the deletion’s grace period it keeps the account, and the browser becomes known', async () => {
    const owner = await newCustomer(backend, 'staying@example.com');
    expect((await owner.call('PUT', 'user/delete-account', { body: { CurrentPassword: strongPassword } })).status).toBe(200);
    const { ask, complete, client } = await visitor();
    await ask('staying@example.com');
    const done = await complete({ Token: tokenOf(await mailedLink('staying@example.com')), NewPassword: newPassword });
    expect(done.body).toEqual({
      Errors: [],
      SessionInfo: expect.objectContaining({ UserName: 'staying@example.com' }),
      DeletionCancelled: true,
    });
    expect(client.cookie(DEVICE_COOKIE)).toBeDefined();
    const [user] = await backend.database.db.select().from(users).where(eq(users.email, 'staying@example.com'));
    expect(user.deletionDueAt).toBeNull();
  });

  it('does not reach an account past its deletion date, and the purge takes its links', async () => {
    const owner = await newCustomer(backend, 'leaving@example.com');
    const { ask, complete } = await visitor();
    await ask('leaving@example.com');
    const token = tokenOf(await mailedLink('leaving@example.com'));
    expect((await owner.call('PUT', 'user/delete-account', { body: { CurrentPassword: strongPassword } })).status).toBe(200);
    backend.clock.advance(deletionGraceMs);
    expect((await complete({ Token: token, NewPassword: newPassword })).body.Errors[0].Code).toBe('resetLinkInvalid');
    await purgeDueAccounts(backend.deps);
    const [erased] = await backend.database.db.select().from(users).where(eq(users.email, 'leaving@example.com'));
    expect(erased).toBeUndefined();
    expect(
      await backend.database.db
        .select()
        .from(passwordResets)
        .where(eq(passwordResets.tokenHash, sha256(token))),
    ).toEqual([]);
  });
});
