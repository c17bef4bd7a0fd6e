/**
 * Customers' two-step sign-in (docs/product/accounts.md#two-step-sign-in): turning it on with
 * a real authenticator code, the login's second step (a session that is no session until the
 * code passes), single-use codes, throttling, turning it off, and staff left as they were.
 */
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { brand } from '@/lib/config';
import { SESSION_COOKIE } from '@/lib/contract/http';
import { knownDevices, recoveryCodes, users } from '@/server/db/schema';
import { uniqueEmail } from '../support/accounts';
import { logInAgain, newCustomer, startTestBackend, strongPassword, TestClient, type TestBackend } from './harness';
import { staffClient } from './staff-harness';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

// Logins are limited per client address: each test starts a new window.
beforeEach(() => backend.clock.advance(16 * 60_000));

const epoch = () => Math.floor(backend.clock.now().getTime() / 1000);
const codeNow = (secret: string) => generate({ secret, epoch: epoch() });
/** The authenticator's next code: the one it showed last is spent once used. */
async function nextCode(secret: string) {
  backend.clock.advance(30_000);
  return codeNow(secret);
}
/** A six-digit code that is none of the codes valid around now. */
async function wrongCode(secret: string) {
  const valid = await Promise.all([-30, 0, 30].map((offset) => generate({ secret, epoch: epoch() + offset })));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!valid.includes(candidate)) return candidate;
  }
}
const userRow = async (email: string) => (await backend.database.db.select().from(users).where(eq(users.email, email)))[0];
const mailSubjects = async (email: string) => {
  await backend.deliverMail();
  return backend.mail.to(email).map((mail) => mail.subject);
};

/** A customer who turned two-step sign-in on in the settings; answers the secret and the recovery codes. */
async function customerWithTwoStep() {
  const email = uniqueEmail('two-step');
  const client = await newCustomer(backend, email);
  const started = await client.call('POST', 'user/second-factor/start');
  expect(started.status).toBe(200);
  const secret = started.body.Secret as string;
  const confirmed = await client.call('POST', 'user/second-factor/confirm', { body: { Code: await codeNow(secret) } });
  expect(confirmed.status).toBe(200);
  return { client, email, secret, recovery: confirmed.body.RecoveryCodes as string[] };
}

/** The password step in a new browser: it must ask for the code. */
async function loginAskingCode(email: string, body: object = {}) {
  const client = await new TestClient(backend).prime();
  const answer = await client.call('POST', 'auth/login', {
    body: { UserName: email, Password: strongPassword, CookieConsent: null, ...body },
  });
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({ Errors: [], SessionInfo: null, SecondFactor: 'required' });
  return client;
}

const sendCode = (client: TestClient, Code: string, CookieConsent: object | null = null) =>
  client.call('POST', 'auth/second-factor', { body: { Code, CookieConsent } });

describe('turning two-step sign-in on', () => {
  it('needs a code from the app, shows ten recovery codes once, ends the other sessions and mails the owner', async () => {
    const email = uniqueEmail('enrol');
    const client = await newCustomer(backend, email);
    const otherBrowser = await new TestClient(backend).prime();
    await logInAgain(otherBrowser, email);
    expect((await client.call('GET', 'user/second-factor')).body).toEqual({ Enabled: false, StaffManaged: false });

    const started = await client.call('POST', 'user/second-factor/start');
    expect(started.status).toBe(200);
    const { Secret, OtpAuthUrl, QrCodeSvg } = started.body;
    expect(new URL(OtpAuthUrl).searchParams.get('secret')).toBe(Secret);
    expect(QrCodeSvg).toMatch(/^<svg[^>]*>/);
    // Not on until a code proves the app has the secret.
    expect((await client.call('GET', 'user/second-factor')).body.Enabled).toBe(false);

    const wrong = await client.call('POST', 'user/second-factor/confirm', { body: { Code: await wrongCode(Secret) } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.ErrorMessages[0].Code).toBe('secondFactorWrong');

    const confirmed = await client.call('POST', 'user/second-factor/confirm', { body: { Code: await codeNow(Secret) } });
    expect(confirmed.status).toBe(200);
    const codes: string[] = confirmed.body.RecoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const row = await userRow(email);
    expect(row.totpSecret).not.toContain(Secret);
    expect(await backend.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, row.id))).toHaveLength(10);

    expect((await client.call('GET', 'user/second-factor')).body).toEqual({ Enabled: true, StaffManaged: false });
    // This session stays; the other one now would need the code, so it ended.
    expect((await client.call('GET', 'billing/invoices')).status).toBe(200);
    expect((await otherBrowser.call('GET', 'auth/session-info')).body.UserName).toBeNull();
    expect((await client.call('POST', 'user/second-factor/start')).status).toBe(409);
    expect(await mailSubjects(email)).toContain(`Two-step sign-in is on for your ${brand.product} account`);
  });

  it('refuses to confirm before a start, and junk codes with a clear 400', async () => {
    const client = await newCustomer(backend, uniqueEmail('early'));
    const early = await client.call('POST', 'user/second-factor/confirm', { body: { Code: '123456' } });
    expect(early.status).toBe(400);
    expect(early.body.ErrorMessages[0].Code).toBe('enrolmentMissing');
    expect((await client.call('POST', 'user/second-factor/confirm', { body: { Code: '' } })).status).toBe(400);
    expect((await client.call('POST', 'user/second-factor/confirm', { body: { Code: 'x'.repeat(50) } })).status).toBe(400);
    expect(
      (await client.call('PUT', 'user/second-factor/turn-off', { body: { CurrentPassword: strongPassword, Code: '123456' } })).status,
    ).toBe(409);
  });

  it('every settings call needs a session', async () => {
    const anonymous = await new TestClient(backend).prime();
    expect((await anonymous.call('GET', 'user/second-factor')).status).toBe(401);
    expect((await anonymous.call('POST', 'user/second-factor/start')).status).toBe(401);
    expect((await anonymous.call('POST', 'user/second-factor/confirm', { body: { Code: '123456' } })).status).toBe(401);
  });
});

describe('logging in with two-step sign-in on', () => {
  it('the password alone gives no usable session: a code is needed, then the login is complete', async () => {
    const { email, secret } = await customerWithTwoStep();
    const client = await loginAskingCode(email);
    const pendingToken = client.cookie(SESSION_COOKIE);
    expect(pendingToken).toBeDefined();

    // Every customer call takes the waiting login for no session.
    expect((await client.call('GET', 'auth/session-info')).body).toEqual({ UserName: null, DisplayName: null, Claims: [] });
    expect((await client.call('GET', 'billing/invoices')).status).toBe(401);
    expect((await client.call('GET', 'store/cart')).status).toBe(401);
    expect((await client.call('GET', 'user/second-factor')).status).toBe(401);
    expect((await client.call('PUT', 'user/profile', { body: { DisplayName: 'Mallory' } })).status).toBe(401);
    expect((await client.call('GET', 'app/app-info')).body).toMatchObject({ CartItemCount: 0 });
    // The session-info call did not drop the waiting login's cookie.
    expect(client.cookie(SESSION_COOKIE)).toBe(pendingToken);

    const passed = await sendCode(client, await nextCode(secret));
    expect(passed.status).toBe(200);
    expect(passed.body).toEqual({ Errors: [], SessionInfo: { UserName: email, DisplayName: null, Claims: expect.any(Array) } });
    // A new session replaces the one the password opened.
    expect(client.cookie(SESSION_COOKIE)).not.toBe(pendingToken);
    expect((await client.call('GET', 'auth/session-info')).body.UserName).toBe(email);
    expect((await client.call('GET', 'billing/invoices')).status).toBe(200);
    expect((await userRow(email)).displayName).toBeNull();
  });

  it('counts wrong codes and throttles them: after five, even the right one waits', async () => {
    const { email, secret } = await customerWithTwoStep();
    const client = await loginAskingCode(email);
    backend.clock.advance(30_000);
    const wrong = await wrongCode(secret);
    for (let i = 0; i < 5; i++) {
      const refused = await sendCode(client, wrong);
      expect(refused.status).toBe(400);
      expect(refused.body.Errors[0].Message).toBe('The code is not correct. Check the time on your phone and try the current code.');
    }
    const throttled = await sendCode(client, await codeNow(secret));
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await client.call('GET', 'auth/session-info')).body.UserName).toBeNull();
    // Junk is a clear 400, never a 500.
    expect((await sendCode(client, '')).status).toBe(400);
  });

  it('accepts an authenticator code once', async () => {
    const { email, secret } = await customerWithTwoStep();
    const first = await loginAskingCode(email);
    const code = await nextCode(secret);
    expect((await sendCode(first, code)).status).toBe(200);
    const second = await loginAskingCode(email);
    expect((await sendCode(second, code)).status).toBe(400);
    expect((await sendCode(second, await nextCode(secret))).status).toBe(200);
  });

  it('accepts a recovery code once, typed in any case', async () => {
    const { email, recovery } = await customerWithTwoStep();
    const first = await loginAskingCode(email);
    expect((await sendCode(first, ` ${recovery[2].toUpperCase()} `)).status).toBe(200);
    expect((await first.call('GET', 'billing/invoices')).status).toBe(200);
    const second = await loginAskingCode(email);
    expect((await sendCode(second, recovery[2])).status).toBe(400);
    expect((await sendCode(second, recovery[5])).status).toBe(200);
  });

  it('answers 401 to a code without a waiting login, or after it waited too long', async () => {
    const { email, secret } = await customerWithTwoStep();
    const stranger = await new TestClient(backend).prime();
    const none = await sendCode(stranger, '123456');
    expect(none.status).toBe(401);
    expect(none.body.Errors[0].Message).toBe('Your sign-in has expired. Please enter your email address and password again.');

    const slow = await loginAskingCode(email);
    backend.clock.advance(10 * 60_000);
    expect((await sendCode(slow, await codeNow(secret))).status).toBe(401);
    // The code was not spent on the expired wait.
    const again = await loginAskingCode(email);
    expect((await sendCode(again, await codeNow(secret))).status).toBe(200);
  });

  it('a logout ends the waiting login', async () => {
    const { email, secret } = await customerWithTwoStep();
    const client = await loginAskingCode(email);
    const token = client.cookie(SESSION_COOKIE)!;
    expect((await client.call('PUT', 'auth/logout')).status).toBe(200);
    const replayed = await new TestClient(backend).prime();
    replayed.holdSession({ token, xsrfToken: 'unknown' });
    expect((await sendCode(replayed, await nextCode(secret))).status).toBe(401);
  });

  it('stores the cookie consent, cancels a deletion and remembers the browser only once the code passes', async () => {
    const { client, email, secret } = await customerWithTwoStep();
    expect((await client.call('PUT', 'user/delete-account', { body: { CurrentPassword: strongPassword } })).status).toBe(200);
    const consent = { timestamp: '2026-12-01T00:00:00.000Z', app: 'website' };

    const browser = await loginAskingCode(email, { CookieConsent: consent });
    const waiting = await userRow(email);
    expect(waiting.deletionDueAt).not.toBeNull();
    expect(waiting.cookieConsent).toBeNull();
    expect(browser.cookie('device')).toBeUndefined();
    expect(await backend.database.db.select().from(knownDevices).where(eq(knownDevices.userId, waiting.id))).toHaveLength(0);

    const passed = await sendCode(browser, await nextCode(secret), consent);
    expect(passed.status).toBe(200);
    expect(passed.body.DeletionCancelled).toBe(true);
    const done = await userRow(email);
    expect(done.deletionDueAt).toBeNull();
    expect(done.cookieConsent).toEqual(consent);
    expect(browser.cookie('device')).toBeDefined();
    expect(await backend.database.db.select().from(knownDevices).where(eq(knownDevices.userId, done.id))).toHaveLength(1);
  });

  it('a password reset by mail does not skip the code', async () => {
    const { email, secret } = await customerWithTwoStep();
    const browser = await new TestClient(backend).prime();
    expect((await browser.call('POST', 'auth/password-reset', { body: { UserName: email } })).status).toBe(200);
    while (await backend.deliverMail());
    const token = backend.mail
      .to(email)
      .at(-1)
      ?.text.match(/reset-password\?token=([\w-]+)/)?.[1];
    const reset = await browser.call('POST', 'auth/password-reset/complete', { body: { Token: token, NewPassword: 'Fresh-Start-2026' } });
    expect(reset.body).toEqual({ Errors: [], SessionInfo: null, SecondFactor: 'required' });
    expect((await browser.call('GET', 'auth/session-info')).body.UserName).toBeNull();
    expect((await browser.call('GET', 'billing/invoices')).status).toBe(401);
    const passed = await sendCode(browser, await nextCode(secret));
    expect(passed.body.SessionInfo.UserName).toBe(email);
  });

  it('keeps the code passed when the password changes in the settings', async () => {
    const { client } = await customerWithTwoStep();
    const changed = await client.call('PUT', 'user/password', { body: { CurrentPassword: strongPassword, NewPassword: 'Changed2026x' } });
    expect(changed.status).toBe(200);
    expect((await client.call('GET', 'billing/invoices')).status).toBe(200);
  });
});

describe('turning two-step sign-in off', () => {
  it('needs the current password and a code; then logins ask for the password only', async () => {
    const { client, email, secret } = await customerWithTwoStep();
    // A login waiting for its code elsewhere must not pass on the password alone once the code is off.
    const waiting = await loginAskingCode(email);

    const wrongPassword = await client.call('PUT', 'user/second-factor/turn-off', {
      body: { CurrentPassword: 'Wrong-password-1', Code: await nextCode(secret) },
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.ErrorMessages[0].Message).toBe('The current password is not correct.');
    const wrong = await client.call('PUT', 'user/second-factor/turn-off', {
      body: { CurrentPassword: strongPassword, Code: await wrongCode(secret) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.ErrorMessages[0].Code).toBe('secondFactorWrong');
    expect((await client.call('GET', 'user/second-factor')).body.Enabled).toBe(true);

    const off = await client.call('PUT', 'user/second-factor/turn-off', {
      body: { CurrentPassword: strongPassword, Code: await codeNow(secret) },
    });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ ErrorMessages: [], Data: null });
    expect((await client.call('GET', 'user/second-factor')).body.Enabled).toBe(false);
    const row = await userRow(email);
    expect([row.totpSecret, row.totpEnabledAt, row.totpLastStep]).toEqual([null, null, null]);
    expect(await backend.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, row.id))).toHaveLength(0);
    expect(await mailSubjects(email)).toContain(`Two-step sign-in was turned off for your ${brand.product} account`);

    expect((await waiting.call('GET', 'auth/session-info')).body.UserName).toBeNull();
    expect((await waiting.call('GET', 'billing/invoices')).status).toBe(401);
    const fresh = await new TestClient(backend).prime();
    const login = await fresh.call('POST', 'auth/login', { body: { UserName: email, Password: strongPassword, CookieConsent: null } });
    expect(login.body.SessionInfo.UserName).toBe(email);
    expect(login.body.SecondFactor).toBeUndefined();
  });

  it('the third wrong password ends the session, as elsewhere in the settings', async () => {
    const { client, secret } = await customerWithTwoStep();
    const turnOff = async () =>
      client.call('PUT', 'user/second-factor/turn-off', { body: { CurrentPassword: 'Wrong-password-1', Code: await codeNow(secret) } });
    await turnOff();
    await turnOff();
    const ended = await turnOff();
    expect(ended.status).toBe(400);
    expect(ended.body.Data).toBe('session-ended');
    expect((await client.call('GET', 'auth/session-info')).body.UserName).toBeNull();
  });
});

describe('staff', () => {
  it('log in as before and keep the console’s authenticator out of the settings’ reach', async () => {
    const { client: staff, email } = await staffClient(backend, { secondFactor: false });
    const enrolment = await staff.call('GET', 'admin/second-factor/enrolment');
    expect(
      (await staff.call('POST', 'admin/second-factor/enrolment', { body: { Code: await codeNow(enrolment.body.Secret) } })).status,
    ).toBe(200);
    expect((await staff.call('GET', 'user/second-factor')).body).toEqual({ Enabled: true, StaffManaged: true });
    const off = await staff.call('PUT', 'user/second-factor/turn-off', {
      body: { CurrentPassword: strongPassword, Code: await nextCode(enrolment.body.Secret) },
    });
    expect(off.status).toBe(409);
    expect(off.body.ErrorMessages[0].Code).toBe('twoStepStaffManaged');

    // The login gives a session at once; the console asks for the code itself.
    const browser = await new TestClient(backend).prime();
    const login = await browser.call('POST', 'auth/login', { body: { UserName: email, Password: strongPassword, CookieConsent: null } });
    expect(login.body.SessionInfo.UserName).toBe(email);
    expect(login.body.SecondFactor).toBeUndefined();
    expect((await browser.call('GET', 'billing/invoices')).status).toBe(200);
    expect((await browser.call('GET', 'admin/me')).body.SecondFactor).toBe('verify');

    const { client: unenrolled } = await staffClient(backend, { secondFactor: false });
    expect((await unenrolled.call('POST', 'user/second-factor/start')).status).toBe(409);
  });
});
