import { eq } from 'drizzle-orm';
import { APP_KEY, APP_KEY_HEADER, SESSION_COOKIE, XSRF_COOKIE } from '@/lib/contract/http';
import { sessions, users } from '@/server/db/schema';
import { codeLifetimeMs } from '@/server/services/accounts/codes';
import { codeFrom } from './mail-sink';
import { fillCart, signedUpClient, startTestBackend, strongPassword, TestClient, watchQueries, type TestBackend } from './harness';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

const signupBody = (email: string, extra: Record<string, unknown> = {}) => ({
  UserName: email,
  Password: strongPassword,
  UserAgreedToTerms: true,
  CookieConsent: { timestamp: '2026-11-01T10:00:00.000Z', app: 'website' },
  ...extra,
});

describe('POST auth/signup', () => {
  it('mails a code first, then creates the account and logs in with it', async () => {
    const client = await new TestClient(backend).prime();
    const first = await client.call('POST', 'auth/signup', { body: signupBody('  Ann@Example.COM ') });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      Errors: [{ Message: 'We sent a verification code to ann@example.com. Enter it below to continue.', Code: 'codeSent' }],
      CodeResult: 'show',
      SessionInfo: null,
    });
    expect(client.cookie(SESSION_COOKIE)).toBeUndefined();

    expect(await backend.deliverMail()).toBe(1);
    const [mail] = backend.mail.to('ann@example.com');
    expect(mail.subject).toBe('Your Bluebonnet verification code');
    const code = codeFrom(backend.mail, 'ann@example.com');

    const second = await client.call('POST', 'auth/signup', { body: signupBody('ann@example.com', { Code: code.toLowerCase() }) });
    expect(second.status).toBe(200);
    expect(second.body).toEqual({
      Errors: [],
      CodeResult: null,
      SessionInfo: { UserName: 'ann@example.com', DisplayName: null, Claims: ['app:health', 'app:pdf'] },
    });
    expect(client.cookie(SESSION_COOKIE)).toBeTruthy();
    const session = await client.call('GET', 'auth/session-info');
    expect(session.body.UserName).toBe('ann@example.com');
    const [stored] = await backend.database.db.select().from(users).where(eq(users.email, 'ann@example.com'));
    expect(stored.cookieConsent).toEqual({ timestamp: '2026-11-01T10:00:00.000Z', app: 'website' });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('sets the session cookie HttpOnly and SameSite=Lax and rotates the XSRF token', async () => {
    const client = await new TestClient(backend).prime();
    const anonymousXsrf = client.cookie(XSRF_COOKIE);
    await client.call('POST', 'auth/signup', { body: signupBody('cookie@example.com') });
    await backend.deliverMail();
    const response = await client.call('POST', 'auth/signup', {
      body: signupBody('cookie@example.com', { Code: codeFrom(backend.mail, 'cookie@example.com') }),
    });
    const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(client.cookie(XSRF_COOKIE)).not.toBe(anonymousXsrf);
    // The session's token only: the guard issues none on a call that carried the right cookie.
    expect(response.headers.getSetCookie().filter((cookie) => cookie.startsWith(`${XSRF_COOKIE}=`))).toHaveLength(1);
  });

  it('does not reveal that an address is registered: same answer, a notice instead of a code', async () => {
    await signedUpClient(backend, 'known@example.com');
    const before = await backend.rowCount(users);
    const client = await new TestClient(backend).prime();
    const response = await client.call('POST', 'auth/signup', { body: signupBody('known@example.com') });
    expect(response.body).toEqual({
      Errors: [{ Message: expect.stringContaining('known@example.com'), Code: 'codeSent' }],
      CodeResult: 'show',
      SessionInfo: null,
    });
    await backend.deliverMail();
    const notice = backend.mail.to('known@example.com').at(-1);
    expect(notice?.subject).toBe('Sign-up attempt at Bluebonnet');
    // The owner may have forgotten the password: the notice leads to the login and to the reset.
    expect(notice?.text).toMatch(/log in at http:\/\/\S+\/en\/\?login=\/account\/settings/);
    expect(notice?.text).toMatch(/http:\/\/\S+\/en\/reset-password\b/);
    expect(await backend.rowCount(users)).toBe(before);
    // A guessed code gets the answer it would get for a new address.
    const guessed = await client.call('POST', 'auth/signup', { body: signupBody('known@example.com', { Code: 'ZZZZZZ' }) });
    expect(guessed.body).toEqual({
      Errors: [{ Message: 'The verification code is not correct.', Code: 'codeWrong' }],
      CodeResult: 'show',
      SessionInfo: null,
    });
  });

  it('counts wrong codes and uses the code up on the fifth', async () => {
    const client = await new TestClient(backend).prime();
    await client.call('POST', 'auth/signup', { body: signupBody('tries@example.com') });
    await backend.deliverMail();
    const good = codeFrom(backend.mail, 'tries@example.com');
    for (let i = 0; i < 4; i++) {
      const wrong = await client.call('POST', 'auth/signup', { body: signupBody('tries@example.com', { Code: 'ZZZZZZ' }) });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({
        Errors: [{ Message: 'The verification code is not correct.', Code: 'codeWrong' }],
        CodeResult: 'show',
        SessionInfo: null,
      });
    }
    const fifth = await client.call('POST', 'auth/signup', { body: signupBody('tries@example.com', { Code: 'ZZZZZZ' }) });
    expect(fifth.body.Errors[0].Message).toMatch(/expired or was tried too often/);
    const late = await client.call('POST', 'auth/signup', { body: signupBody('tries@example.com', { Code: good }) });
    expect(late.status).toBe(400);
    expect(client.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it('uses a code once, however many tries arrive at the same time', async () => {
    const client = await new TestClient(backend).prime();
    await client.call('POST', 'auth/signup', { body: signupBody('twice@example.com') });
    await backend.deliverMail();
    const code = codeFrom(backend.mail, 'twice@example.com');
    const answers = await Promise.all(
      [1, 2, 3].map(() => client.call('POST', 'auth/signup', { body: signupBody('twice@example.com', { Code: code }) })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
    for (const refused of answers.filter((answer) => answer.status === 400))
      expect(refused.body.Errors[0].Message).toMatch(/expired or was tried too often/);
  });

  it('gives parallel wrong codes no more than five tries between them', async () => {
    const client = await new TestClient(backend).prime();
    await client.call('POST', 'auth/signup', { body: signupBody('guesses@example.com') });
    await backend.deliverMail();
    const good = codeFrom(backend.mail, 'guesses@example.com');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => client.call('POST', 'auth/signup', { body: signupBody('guesses@example.com', { Code: 'ZZZZZZ' }) })),
    );
    expect(answers.filter((answer) => answer.body.Errors[0].Message === 'The verification code is not correct.')).toHaveLength(4);
    expect((await client.call('POST', 'auth/signup', { body: signupBody('guesses@example.com', { Code: good }) })).status).toBe(400);
  });

  it('lets a code expire after 15 minutes', async () => {
    const client = await new TestClient(backend).prime();
    await client.call('POST', 'auth/signup', { body: signupBody('late@example.com') });
    await backend.deliverMail();
    backend.clock.advance(codeLifetimeMs + 1000);
    const response = await client.call('POST', 'auth/signup', {
      body: signupBody('late@example.com', { Code: codeFrom(backend.mail, 'late@example.com') }),
    });
    expect(response.status).toBe(400);
    expect(response.body.CodeResult).toBe('show');
  });

  it.each([
    [{ UserAgreedToTerms: false }, 'UserAgreedToTerms: You must agree to the legal terms'],
    [{ Password: 'short1A' }, 'Password: Must be at least 8 characters'],
    [{ Password: 'alllowercase1' }, 'Password: At least one uppercase letter required'],
    [{ Password: 'ALLUPPERCASE1' }, 'Password: At least one lowercase letter required'],
    [{ Password: 'NoNumbersHere' }, 'Password: At least one number required'],
    [{ Password: 'A1' + 'a'.repeat(39) }, 'Password: Must be at most 40 characters'],
    [{ UserName: 'a@b.c' }, 'UserName: Must be at least 6 characters'],
    [{ UserName: 'not-an-email' }, 'UserName: Email address format required'],
    [{ UserName: '' }, 'UserName: Required'],
    [{ UserName: 'ann\u202egro@example.com' }, 'UserName: Contains characters that are not allowed'],
    [{ UserName: 'ann\ud800@example.com' }, 'UserName: Contains characters that are not allowed'],
    // Quotes, angle brackets and commas would turn one address into other recipients in a mail header.
    [{ UserName: 'x<y>,z@example.com' }, 'UserName: Email address format required'],
    [{ UserName: '"x"<a>@example.com' }, 'UserName: Email address format required'],
    [{ UserName: undefined }, 'UserName: Required'],
    [{ Code: 'TOOLONG1' }, 'Code: Must be at most 6 characters'],
  ])('refuses %p with "%s" and changes nothing', async (change, message) => {
    const before = await backend.rowCount(users);
    const sent = backend.mail.received.length;
    const client = await new TestClient(backend).prime();
    const response = await client.call('POST', 'auth/signup', { body: signupBody('rules@example.com', change) });
    expect(response.status).toBe(400);
    expect(response.body.Errors[0].Message).toBe(message);
    await backend.deliverMail();
    expect(backend.mail.received.length).toBe(sent);
    expect(await backend.rowCount(users)).toBe(before);
  });

  it('keeps a code while the mail server is down and delivers it when it is back', async () => {
    const client = await new TestClient(backend).prime();
    backend.mail.setRefusing(true);
    try {
      await client.call('POST', 'auth/signup', { body: signupBody('mail-down@example.com') });
      expect(await backend.deliverMail()).toBe(0);
    } finally {
      backend.mail.setRefusing(false);
    }
    backend.clock.advance(60_000);
    await backend.deliverMail();
    expect(codeFrom(backend.mail, 'mail-down@example.com')).toMatch(/^[A-Z2-9]{6}$/);
  });

  it('answers in the caller’s language', async () => {
    const client = await new TestClient(backend).prime();
    const response = await client.call('POST', 'auth/signup', {
      body: signupBody('de@example.com', { UserAgreedToTerms: false }),
      headers: { 'Accept-Language': 'de' },
    });
    expect(response.body.Errors[0].Message).toBe('UserAgreedToTerms: Sie müssen den rechtlichen Bedingungen zustimmen');
  });
});

describe('POST auth/login, PUT auth/logout', () => {
  it('knows an address however its accents were typed (one character, or a letter and a combining accent)', async () => {
    await signedUpClient(backend, 'jos\u00e9@example.com');
    const client = await new TestClient(backend).prime();
    const login = await client.call('POST', 'auth/login', {
      body: { UserName: 'jose\u0301@example.com', Password: strongPassword, CookieConsent: null },
    });
    expect(login.body.SessionInfo?.UserName).toBe('jos\u00e9@example.com');
  });

  it('logs in, rotates the session token, and logs out for good', async () => {
    const first = await signedUpClient(backend, 'login@example.com');
    const oldToken = first.cookie(SESSION_COOKIE)!;
    const login = await first.call('POST', 'auth/login', {
      body: { UserName: 'LOGIN@example.com ', Password: strongPassword, CookieConsent: null },
    });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({
      Errors: [],
      SessionInfo: { UserName: 'login@example.com', DisplayName: null, Claims: ['app:health', 'app:pdf'] },
    });
    const newToken = first.cookie(SESSION_COOKIE)!;
    expect(newToken).not.toBe(oldToken);

    const staleSession = await backend.app.request('/api/auth/session-info', {
      headers: { [APP_KEY_HEADER]: APP_KEY, Cookie: `${SESSION_COOKIE}=${oldToken}` },
    });
    expect((await staleSession.json()).UserName).toBeNull();
    // The old token opens nothing: a portal call with it is refused as having no session.
    const staleCall = await backend.app.request('/api/store/cart', {
      headers: { [APP_KEY_HEADER]: APP_KEY, Cookie: `${SESSION_COOKIE}=${oldToken}` },
    });
    expect(staleCall.status).toBe(401);

    const out = await first.call('PUT', 'auth/logout');
    expect(out.status).toBe(200);
    const after = await backend.app.request('/api/auth/session-info', {
      headers: { [APP_KEY_HEADER]: APP_KEY, Cookie: `${SESSION_COOKIE}=${newToken}` },
    });
    expect((await after.json()).UserName).toBeNull();
  });

  it('refuses a wrong password or unknown address with one message', async () => {
    await signedUpClient(backend, 'wrong@example.com');
    const client = await new TestClient(backend).prime();
    const wrong = await client.call('POST', 'auth/login', {
      body: { UserName: 'wrong@example.com', Password: 'Nottheone1', CookieConsent: null },
    });
    const unknown = await client.call('POST', 'auth/login', {
      body: { UserName: 'nobody@example.com', Password: 'Nottheone1', CookieConsent: null },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      Errors: [{ Message: 'The email address or password is not correct.', Code: 'wrongCredentials' }],
      SessionInfo: null,
    });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('throttles failures per account from one address with 429 and Retry-After; the owner elsewhere still gets in', async () => {
    await signedUpClient(backend, 'brute@example.com');
    const client = await new TestClient(backend).prime();
    const login = (password: string, address: string) =>
      client.call('POST', 'auth/login', {
        body: { UserName: 'brute@example.com', Password: password, CookieConsent: null },
        headers: { 'X-Forwarded-For': address },
      });
    for (let i = 0; i < 5; i++) expect((await login(`Guess${i}abcd`, '10.0.0.1')).status).toBe(400);
    const blocked = await login(strongPassword, '10.0.0.1');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.Errors[0].Message).toMatch(/Too many login attempts/);
    expect((await login(strongPassword, '10.0.0.2')).status).toBe(200);
    backend.clock.advance(16 * 60_000);
    expect((await login(strongPassword, '10.0.0.1')).status).toBe(200);
  });

  it('throttles an account for every address once failures from many addresses add up', async () => {
    await signedUpClient(backend, 'spread@example.com');
    const client = await new TestClient(backend).prime();
    const login = (password: string, address: string) =>
      client.call('POST', 'auth/login', {
        body: { UserName: 'spread@example.com', Password: password, CookieConsent: null },
        headers: { 'X-Forwarded-For': address },
      });
    for (let i = 0; i < 50; i++) expect((await login(`Guess${i}abcd`, `10.1.${i}.1`)).status).toBe(400);
    expect((await login(strongPassword, '10.2.0.1')).status).toBe(429);
    backend.clock.advance(16 * 60_000);
    expect((await login(strongPassword, '10.2.0.1')).status).toBe(200);
  });

  it('lets the owner in from a browser that logged in before, while failures from everywhere hold back the rest, and says so by mail', async () => {
    await signedUpClient(backend, 'targeted@example.com');
    const as = (client: TestClient) => (password: string, address: string) =>
      client.call('POST', 'auth/login', {
        body: { UserName: 'targeted@example.com', Password: password, CookieConsent: null },
        headers: { 'X-Forwarded-For': address },
      });
    const ownBrowser = await new TestClient(backend).prime();
    expect((await as(ownBrowser)(strongPassword, '10.3.0.1')).status).toBe(200);
    expect(ownBrowser.cookie('device')).toMatch(/^[\w-]{40,}$/);
    const stranger = as(await new TestClient(backend).prime());
    for (let i = 0; i < 50; i++) expect((await stranger(`Guess${i}abcd`, `10.4.${i}.1`)).status).toBe(400);
    // A browser that never logged in to the account is held back, whoever uses it.
    expect((await as(await new TestClient(backend).prime())(strongPassword, '10.3.0.2')).status).toBe(429);
    // The owner's own browser, from another network now, is not.
    expect((await as(ownBrowser)(strongPassword, '10.3.0.3')).status).toBe(200);
    await backend.deliverMail();
    const told = backend.mail.to('targeted@example.com').filter((mail) => mail.subject.startsWith('Many failed logins'));
    expect(told).toHaveLength(1);
    expect(told[0].text).toContain('only the browsers you logged in from before can log in');
  });

  it('throttles all attempts per IP address', async () => {
    const client = await new TestClient(backend).prime();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const attempt = await client.call('POST', 'auth/login', {
        body: { UserName: `ip${i}@example.com`, Password: 'Whatever12', CookieConsent: null },
        headers: { 'X-Forwarded-For': '203.0.113.7' },
      });
      statuses.push(attempt.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('refuses malformed bodies with 400 in the Errors envelope', async () => {
    const client = await new TestClient(backend).prime();
    const notJson = await client.call('POST', 'auth/login', { raw: '{"UserName":', headers: { 'Content-Type': 'application/json' } });
    expect(notJson.status).toBe(400);
    const wrongTypes = await client.call('POST', 'auth/login', { body: { UserName: 42, Password: ['x'] } });
    expect(wrongTypes.status).toBe(400);
    expect(wrongTypes.body.Errors.length).toBeGreaterThan(0);
    expect(wrongTypes.body.SessionInfo).toBeNull();
  });

  it('keeps only one live session per login on the server', async () => {
    const client = await signedUpClient(backend, 'one@example.com');
    await client.call('POST', 'auth/login', { body: { UserName: 'one@example.com', Password: strongPassword, CookieConsent: null } });
    const [user] = await backend.database.db.select().from(users).where(eq(users.email, 'one@example.com'));
    const rows = await backend.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).not.toBe(client.cookie(SESSION_COOKIE));
  });

  it('requires the session’s own XSRF token once logged in', async () => {
    const client = await signedUpClient(backend, 'xsrf@example.com');
    const forged = await client.call('PUT', 'user/profile', {
      body: { DisplayName: 'X' },
      headers: {
        'X-XSRF-TOKEN': 'attacker-token',
        Cookie: `${SESSION_COOKIE}=${client.cookie(SESSION_COOKIE)}; XSRF-TOKEN=attacker-token`,
      },
    });
    expect(forged.status).toBe(403);
  });

  it('marks the session cookie Secure in production', async () => {
    const production = await startTestBackend({ COOKIE_SECURE: 'true' });
    try {
      const client = await signedUpClient(production, 'secure@example.com');
      const login = await client.call('POST', 'auth/login', {
        body: { UserName: 'secure@example.com', Password: strongPassword, CookieConsent: null },
      });
      const line = login.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
      expect(line).toMatch(/; Secure/);
      expect(line).toMatch(/HttpOnly/);
    } finally {
      await production.close();
    }
    // A second backend on a fresh database: seconds when the machine is busy.
  });
});

describe('signed-in reads', () => {
  const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;

  // Every signed-in call looks its session up: planned once per connection, not once per call.
  onPostgres('look up the session, claims, cart and subscriptions with statements PostgreSQL prepares once per connection', async () => {
    const client = await signedUpClient(backend, 'prepared@example.com');
    await fillCart(client, { 'pdf-workshop-pro-monthly': 1 });
    const queries = watchQueries(backend);
    try {
      expect((await client.call('GET', 'auth/session-info')).status).toBe(200);
      expect((await client.call('GET', 'store/cart')).status).toBe(200);
      expect(new Set(queries.names())).toEqual(
        new Set(['session_by_token_hash', 'claims_by_subscription', 'cart_with_items', 'subscriptions_of_user']),
      );
    } finally {
      queries.stop();
    }
  });
});
