/**
 * The settings' session list: where the account is signed in, and signing out there
 * (docs/product/accounts.md#where-you-are-signed-in).
 */
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { sessions, users } from '@/server/db/schema';
import { codeFrom } from './mail-sink';
import { newCustomer, startTestBackend, strongPassword, TestClient, type TestBackend } from './harness';

const userAgents = {
  chromeOnWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  firefoxOnLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  safariOnIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
};
const minute = 60_000;

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

/** A new account with no session of its own yet: each test logs it in where it needs. */
async function account(email: string) {
  await (await newCustomer(backend, email)).call('PUT', 'auth/logout');
  return email;
}

/** A browser with this User-Agent, logged in to the account. */
async function loggedIn(email: string, userAgent: string) {
  const client = await new TestClient(backend).prime();
  const login = await client.call('POST', 'auth/login', {
    body: { UserName: email, Password: strongPassword, CookieConsent: null },
    headers: { 'User-Agent': userAgent },
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.text}`);
  return client;
}

type Listed = { Id: string; Browser: string | null; System: string | null; Current: boolean; CreatedDate: string; LastSeenDate: string };
const listOf = async (client: TestClient): Promise<Listed[]> => (await client.call('GET', 'user/sessions')).body.Sessions;
const sessionRows = async (email: string) => {
  const [user] = await backend.database.db.select().from(users).where(eq(users.email, email));
  return backend.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
};

describe('GET user/sessions', () => {
  it('lists two logins with their browsers, this one first and marked, never their tokens', async () => {
    const email = await account('two-browsers@example.com');
    const firstLogin = backend.clock.now().toISOString();
    const laptop = await loggedIn(email, userAgents.firefoxOnLinux);
    backend.clock.advance(5 * minute);
    const secondLogin = backend.clock.now().toISOString();
    const desktop = await loggedIn(email, userAgents.chromeOnWindows);

    const answer = await desktop.call('GET', 'user/sessions');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Cache-Control')).toBe('no-store');
    const [rowOfLaptop, rowOfDesktop] = (await sessionRows(email)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(answer.body).toEqual({
      Sessions: [
        {
          Id: rowOfDesktop.id,
          Browser: 'Chrome',
          System: 'Windows',
          ClientAddress: null,
          CreatedDate: secondLogin,
          LastSeenDate: secondLogin,
          Current: true,
        },
        {
          Id: rowOfLaptop.id,
          Browser: 'Firefox',
          System: 'Linux',
          ClientAddress: null,
          CreatedDate: firstLogin,
          LastSeenDate: firstLogin,
          Current: false,
        },
      ],
    });
    expect((await listOf(laptop)).map((listed) => [listed.Browser, listed.Current])).toEqual([
      ['Firefox', true],
      ['Chrome', false],
    ]);
  });

  it('leaves out sessions unused past the idle limit, and shows an unknown browser as null', async () => {
    const email = await account('idle-phone@example.com');
    await loggedIn(email, userAgents.safariOnIphone);
    const desktop = await loggedIn(email, 'curl/8.5.0');
    expect((await listOf(desktop)).map((listed) => [listed.Browser, listed.System])).toEqual([
      [null, null],
      ['Safari', 'iOS'],
    ]);
    // The phone is left alone past the 12 hours without use; the desktop stays in use.
    backend.clock.advance(11 * 60 * minute);
    await desktop.call('GET', 'auth/session-info');
    backend.clock.advance(2 * 60 * minute);
    expect((await listOf(desktop)).map((listed) => listed.Current)).toEqual([true]);
  });

  it('leaves out a login that still owes its two-step code: it is no session yet', async () => {
    const email = await account('two-step-list@example.com');
    const desktop = await loggedIn(email, userAgents.chromeOnWindows);
    const { Secret } = (await desktop.call('POST', 'user/second-factor/start')).body;
    const code = await generate({ secret: Secret, epoch: Math.floor(backend.clock.now().getTime() / 1000) });
    expect((await desktop.call('POST', 'user/second-factor/confirm', { body: { Code: code } })).status).toBe(200);
    await loggedIn(email, userAgents.firefoxOnLinux); // the password step, without the code
    const [waiting] = (await sessionRows(email)).filter((row) => row.userAgent === userAgents.firefoxOnLinux);
    expect((await listOf(desktop)).map((listed) => [listed.Browser, listed.Current])).toEqual([['Chrome', true]]);
    expect((await desktop.call('DELETE', `user/sessions/${waiting.id}`)).status).toBe(404);
  });

  it('stores the User-Agent of a sign-up and of the password change’s new session, cut to a sane length', async () => {
    const client = await new TestClient(backend).prime();
    const signup = { UserName: 'ua-signup@example.com', Password: strongPassword, UserAgreedToTerms: true, CookieConsent: null };
    await client.call('POST', 'auth/signup', { body: signup });
    await backend.deliverMail();
    const headers = { 'User-Agent': userAgents.safariOnIphone };
    const created = await client.call('POST', 'auth/signup', {
      body: { ...signup, Code: codeFrom(backend.mail, signup.UserName) },
      headers,
    });
    expect(created.status).toBe(200);
    expect((await listOf(client)).map((listed) => listed.Browser)).toEqual(['Safari']);

    const changed = await client.call('PUT', 'user/password', {
      body: { CurrentPassword: strongPassword, NewPassword: 'Changed2026' },
      headers: { 'User-Agent': `${userAgents.chromeOnWindows} ${'x'.repeat(2000)}` },
    });
    expect(changed.status).toBe(200);
    expect((await listOf(client)).map((listed) => [listed.Browser, listed.System])).toEqual([['Chrome', 'Windows']]);
    expect((await sessionRows(signup.UserName)).map((row) => row.userAgent?.length)).toEqual([512]);
  });
});

describe('DELETE user/sessions/{id}', () => {
  it('signs out one other session: its cookie gets 401, the rest stay', async () => {
    const email = await account('sign-out-one@example.com');
    const laptop = await loggedIn(email, userAgents.firefoxOnLinux);
    const phone = await loggedIn(email, userAgents.safariOnIphone);
    const desktop = await loggedIn(email, userAgents.chromeOnWindows);
    const phoneId = (await listOf(desktop)).find((listed) => listed.Browser === 'Safari')!.Id;

    const answer = await desktop.call('DELETE', `user/sessions/${phoneId}`);
    expect(answer.status).toBe(200);
    expect(answer.body.Sessions.map((listed: Listed) => listed.Browser)).toEqual(['Chrome', 'Firefox']);
    expect((await phone.call('GET', 'user/sessions')).status).toBe(401);
    expect((await laptop.call('GET', 'user/sessions')).status).toBe(200);
    // Gone now: a second try finds nothing.
    expect((await desktop.call('DELETE', `user/sessions/${phoneId}`)).status).toBe(404);
  });

  it('answers 404 for another account’s session and changes nothing', async () => {
    const victim = await loggedIn(await account('not-yours@example.com'), userAgents.firefoxOnLinux);
    const [victimsSession] = await listOf(victim);
    const other = await loggedIn(await account('intruder@example.com'), userAgents.chromeOnWindows);
    const answer = await other.call('DELETE', `user/sessions/${victimsSession.Id}`);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({
      ErrorMessages: [{ Message: 'Your account has no such session. It may have ended already.', Code: 'sessionNotFound' }],
    });
    expect(await listOf(victim)).toEqual([victimsSession]);
    expect(await sessionRows('not-yours@example.com')).toHaveLength(1);
  });

  it('refuses the current session (log out ends it) and an id that is not one', async () => {
    const client = await loggedIn(await account('own-session@example.com'), userAgents.chromeOnWindows);
    const [own] = await listOf(client);
    const current = await client.call('DELETE', `user/sessions/${own.Id}`);
    expect(current.status).toBe(400);
    expect(current.body).toEqual({
      ErrorMessages: [{ Message: 'This is the session you are using now. To end it, log out.', Code: 'currentSessionNotRevocable' }],
    });
    const malformed = await client.call('DELETE', 'user/sessions/not-an-id');
    expect(malformed.status).toBe(400);
    expect(malformed.body.ErrorMessages).toEqual([expect.objectContaining({ Field: 'id' })]);
    expect((await client.call('GET', 'user/sessions')).status).toBe(200);
  });
});

describe('POST user/sessions/sign-out-others', () => {
  it('ends every other session of the account and keeps this one', async () => {
    const email = await account('everywhere-else@example.com');
    const laptop = await loggedIn(email, userAgents.firefoxOnLinux);
    const phone = await loggedIn(email, userAgents.safariOnIphone);
    const desktop = await loggedIn(email, userAgents.chromeOnWindows);
    const bystander = await loggedIn(await account('bystander@example.com'), userAgents.chromeOnWindows);

    const answer = await desktop.call('POST', 'user/sessions/sign-out-others');
    expect(answer.status).toBe(200);
    expect(answer.body.Sessions.map((listed: Listed) => [listed.Browser, listed.Current])).toEqual([['Chrome', true]]);
    for (const ended of [laptop, phone]) expect((await ended.call('GET', 'auth/session-info')).body.UserName).toBeNull();
    expect((await desktop.call('GET', 'auth/session-info')).body.UserName).toBe(email);
    expect((await bystander.call('GET', 'auth/session-info')).body.UserName).toBe('bystander@example.com');
  });
});
