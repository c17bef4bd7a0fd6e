import { eq } from 'drizzle-orm';
import { APP_KEY, APP_KEY_HEADER, SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '@/lib/contract/http';
import type { Subscription } from '@/lib/contract/billing';
import { sessions, subscriptions, users } from '@/server/db/schema';
import { deletionGraceMs, purgeDueAccounts } from '@/server/services/accounts/accounts';
import { renewDueManualSubscriptions } from '@/server/services/billing/renewals';
import { codeFrom } from './mail-sink';
import { buyWithTestCard, logInAgain, newCustomer, startTestBackend, strongPassword, TestClient, type TestBackend } from './harness';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

const userRow = async (email: string) => (await backend.database.db.select().from(users).where(eq(users.email, email)))[0];
const day = 24 * 60 * 60_000;
/** The account's subscription rows by id (the API's Key). */
const subscriptionRows = async (email: string) => {
  const rows = await backend.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, (await userRow(email)).id));
  return new Map(rows.map((row) => [row.id, row]));
};

describe('every user call needs a session', () => {
  it.each([
    ['user/email', { NewEmailAddress: 'x@example.com', CurrentPassword: strongPassword }],
    ['user/password', { CurrentPassword: strongPassword, NewPassword: 'Another2025' }],
    ['user/profile', { DisplayName: 'X' }],
    ['user/delete-account', { CurrentPassword: strongPassword }],
  ])('PUT %s answers 401 without one', async (path, body) => {
    const client = await new TestClient(backend).prime();
    const response = await client.call('PUT', path, { body });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ ErrorMessages: [{ Message: 'Please log in to continue.', Code: 'loginRequired' }] });
  });
});

describe('PUT user/email', () => {
  it('mails a code to the new address, then changes the login address with it and ends the other sessions', async () => {
    const client = await newCustomer(backend, 'old@example.com');
    const otherBrowser = await new TestClient(backend).prime();
    await logInAgain(otherBrowser, 'old@example.com');
    const first = await client.call('PUT', 'user/email', {
      body: { NewEmailAddress: ' New@Example.com ', CurrentPassword: strongPassword },
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      ErrorMessages: [{ Message: expect.stringContaining('new@example.com'), Code: 'codeSent' }],
      Data: 'show',
    });
    await backend.deliverMail();
    const wrong = await client.call('PUT', 'user/email', {
      body: { NewEmailAddress: 'new@example.com', CurrentPassword: strongPassword, Code: 'ZZZZZZ' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ ErrorMessages: [{ Message: 'The verification code is not correct.', Code: 'codeWrong' }], Data: 'show' });
    expect((await otherBrowser.call('GET', 'auth/session-info')).body.UserName).toBe('old@example.com');
    const done = await client.call('PUT', 'user/email', {
      body: { NewEmailAddress: 'new@example.com', CurrentPassword: strongPassword, Code: codeFrom(backend.mail, 'new@example.com') },
    });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ ErrorMessages: [], Data: null });
    expect((await client.call('GET', 'auth/session-info')).body.UserName).toBe('new@example.com');
    expect((await otherBrowser.call('GET', 'auth/session-info')).body.UserName).toBeNull();
    await backend.deliverMail();
    const notice = backend.mail.to('old@example.com').at(-1);
    expect(notice?.subject).toBe('Your Bluebonnet login address was changed');
    expect(notice?.text).toMatch(/\/restore-email\?token=\S+/);
  });

  it('asks for the current password before mailing a code and again before the change', async () => {
    const client = await newCustomer(backend, 'unsure@example.com');
    const wrongPassword = 'WrongPass1';
    const noCode = await client.call('PUT', 'user/email', {
      body: { NewEmailAddress: 'unsure-new@example.com', CurrentPassword: wrongPassword },
    });
    expect(noCode.status).toBe(400);
    // The code field stays hidden: no code was mailed.
    expect(noCode.body).toEqual({
      ErrorMessages: [{ Message: 'The current password is not correct.', Code: 'wrongCurrentPassword' }],
      Data: 'hide',
    });
    await backend.deliverMail();
    expect(backend.mail.to('unsure-new@example.com')).toHaveLength(0);

    await client.call('PUT', 'user/email', { body: { NewEmailAddress: 'unsure-new@example.com', CurrentPassword: strongPassword } });
    await backend.deliverMail();
    const code = codeFrom(backend.mail, 'unsure-new@example.com');
    const withCode = await client.call('PUT', 'user/email', {
      body: { NewEmailAddress: 'unsure-new@example.com', CurrentPassword: wrongPassword, Code: code },
    });
    expect(withCode.status).toBe(400);
    expect(withCode.body).toEqual({
      ErrorMessages: [{ Message: 'The current password is not correct.', Code: 'wrongCurrentPassword' }],
      Data: 'show',
    });
    expect(await userRow('unsure@example.com')).toBeDefined();
    // The code was not used up by the refused call.
    const done = await client.call('PUT', 'user/email', {
      body: { NewEmailAddress: 'unsure-new@example.com', CurrentPassword: strongPassword, Code: code },
    });
    expect(done.body).toEqual({ ErrorMessages: [], Data: null });
    const missing = await client.call('PUT', 'user/email', { body: { NewEmailAddress: 'unsure-again@example.com' } });
    expect(missing.body.ErrorMessages).toEqual([
      expect.objectContaining({ Message: 'CurrentPassword: Required', Field: 'CurrentPassword' }),
    ]);
  });

  it('counts a wrong password toward the three-tries rule: the third ends the session', async () => {
    const client = await newCustomer(backend, 'guesser@example.com');
    const body = { NewEmailAddress: 'guesser-new@example.com', CurrentPassword: 'WrongPass1' };
    for (let i = 0; i < 2; i++)
      expect((await client.call('PUT', 'user/email', { body })).body.ErrorMessages[0].Code).toBe('wrongCurrentPassword');
    const third = await client.call('PUT', 'user/email', { body });
    expect(third.body).toEqual({
      ErrorMessages: [{ Message: 'Session ended due to incorrect password. Try again later.', Code: 'sessionEndedWrongPassword' }],
      Data: 'session-ended',
    });
    expect(client.cookie(SESSION_COOKIE)).toBeUndefined();
    expect((await userRow('guesser@example.com')).email).toBe('guesser@example.com');
  });

  it('refuses the current address and a bad one', async () => {
    const client = await newCustomer(backend, 'same@example.com');
    const same = await client.call('PUT', 'user/email', { body: { NewEmailAddress: 'SAME@example.com', CurrentPassword: strongPassword } });
    expect(same.status).toBe(400);
    expect(same.body.ErrorMessages).toEqual([
      { Message: 'NewEmailAddress: Same as current email address', Code: 'sameEmail', Field: 'NewEmailAddress' },
    ]);
    const bad = await client.call('PUT', 'user/email', { body: { NewEmailAddress: 'nope', CurrentPassword: strongPassword } });
    expect(bad.body.ErrorMessages[0].Message).toBe('NewEmailAddress: Must be at least 6 characters');
  });

  it('keeps each user’s code for the same new address to that user', async () => {
    const gina = await newCustomer(backend, 'gina@example.com');
    const hank = await newCustomer(backend, 'hank@example.com');
    const shared = { NewEmailAddress: 'shared@example.com', CurrentPassword: strongPassword };
    await gina.call('PUT', 'user/email', { body: shared });
    await backend.deliverMail();
    const ginasCode = codeFrom(backend.mail, 'shared@example.com');
    await hank.call('PUT', 'user/email', { body: shared });
    await backend.deliverMail();
    const hanksCode = codeFrom(backend.mail, 'shared@example.com');
    expect(hanksCode).not.toBe(ginasCode);
    const hankWithGinasCode = await hank.call('PUT', 'user/email', { body: { ...shared, Code: ginasCode } });
    expect(hankWithGinasCode.body.ErrorMessages).toEqual([{ Message: 'The verification code is not correct.', Code: 'codeWrong' }]);
    const done = await gina.call('PUT', 'user/email', { body: { ...shared, Code: ginasCode } });
    expect(done.body).toEqual({ ErrorMessages: [], Data: null });
  });

  it('does not reveal that the new address has an account', async () => {
    await newCustomer(backend, 'taken@example.com');
    const client = await newCustomer(backend, 'mover@example.com');
    const taken = { NewEmailAddress: 'taken@example.com', CurrentPassword: strongPassword };
    const response = await client.call('PUT', 'user/email', { body: taken });
    expect(response.body.Data).toBe('show');
    await backend.deliverMail();
    expect(backend.mail.to('taken@example.com').at(-1)?.subject).toBe('Email change attempt at Bluebonnet');
    const guessed = await client.call('PUT', 'user/email', { body: { ...taken, Code: 'ZZZZZZ' } });
    expect(guessed.body).toEqual({
      ErrorMessages: [{ Message: 'The verification code is not correct.', Code: 'codeWrong' }],
      Data: 'show',
    });
  });
});

describe('PUT user/password', () => {
  it('changes the password, ends other sessions and keeps this one', async () => {
    const client = await newCustomer(backend, 'pw@example.com');
    const other = await new TestClient(backend).prime();
    await other.call('POST', 'auth/login', { body: { UserName: 'pw@example.com', Password: strongPassword, CookieConsent: null } });
    const response = await client.call('PUT', 'user/password', { body: { CurrentPassword: strongPassword, NewPassword: 'Changed2026' } });
    expect(response.status).toBe(200);
    expect((await client.call('GET', 'auth/session-info')).body.UserName).toBe('pw@example.com');
    expect((await other.call('GET', 'auth/session-info')).body.UserName).toBeNull();
    const relogin = await new TestClient(backend).prime();
    expect(
      (await relogin.call('POST', 'auth/login', { body: { UserName: 'pw@example.com', Password: 'Changed2026', CookieConsent: null } }))
        .status,
    ).toBe(200);
  });

  it('refuses the same password and weak ones', async () => {
    const client = await newCustomer(backend, 'weak@example.com');
    const same = await client.call('PUT', 'user/password', { body: { CurrentPassword: strongPassword, NewPassword: strongPassword } });
    expect(same.body.ErrorMessages[0].Message).toBe('NewPassword: Same as current password');
    const weak = await client.call('PUT', 'user/password', { body: { CurrentPassword: strongPassword, NewPassword: 'weakpassword' } });
    expect(weak.body.ErrorMessages[0].Message).toBe('NewPassword: At least one uppercase letter required');
  });

  it('ends the session on the third wrong current password', async () => {
    const client = await newCustomer(backend, 'thrice@example.com');
    for (let i = 0; i < 2; i++) {
      const wrong = await client.call('PUT', 'user/password', { body: { CurrentPassword: 'WrongPass1', NewPassword: 'Changed2026' } });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ ErrorMessages: [{ Message: 'The current password is not correct.', Code: 'wrongCurrentPassword' }] });
    }
    const third = await client.call('PUT', 'user/password', { body: { CurrentPassword: 'WrongPass1', NewPassword: 'Changed2026' } });
    expect(third.status).toBe(400);
    expect(third.body).toEqual({
      ErrorMessages: [{ Message: 'Session ended due to incorrect password. Try again later.', Code: 'sessionEndedWrongPassword' }],
      Data: 'session-ended',
    });
    expect(client.cookie(SESSION_COOKIE)).toBeUndefined();
    const [user] = await backend.database.db.select().from(users).where(eq(users.email, 'thrice@example.com'));
    expect(await backend.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('gives parallel requests no more than three guesses between them', async () => {
    const client = await newCustomer(backend, 'parallel@example.com');
    const guesses = ['WrongPass1', 'WrongPass2', 'WrongPass3', 'WrongPass4', 'WrongPass5', 'WrongPass6'];
    const answers = await Promise.all(
      guesses.map((guess) => client.call('PUT', 'user/password', { body: { CurrentPassword: guess, NewPassword: 'Changed2026' } })),
    );
    const notCorrect = answers.filter((answer) => answer.body.ErrorMessages[0].Message === 'The current password is not correct.');
    expect(notCorrect).toHaveLength(2);
    // The others end the session, or (on PostgreSQL, truly parallel) find it already ended: 401.
    const ended = answers.filter((answer) => answer.body.Data === 'session-ended' || answer.status === 401);
    expect(ended).toHaveLength(4);
    expect(ended.some((answer) => answer.body.Data === 'session-ended')).toBe(true);
    const login = await new TestClient(backend).prime();
    expect(
      (
        await login.call('POST', 'auth/login', {
          body: { UserName: 'parallel@example.com', Password: strongPassword, CookieConsent: null },
        })
      ).status,
    ).toBe(200);
  });
});

describe('PUT user/profile', () => {
  it('sets and clears the display name, refusing the same one and long ones', async () => {
    const client = await newCustomer(backend, 'name@example.com');
    expect((await client.call('PUT', 'user/profile', { body: { DisplayName: '  Ann Smith ' } })).body).toEqual({
      ErrorMessages: [],
      Data: null,
    });
    expect((await client.call('GET', 'auth/session-info')).body.DisplayName).toBe('Ann Smith');
    const same = await client.call('PUT', 'user/profile', { body: { DisplayName: 'Ann Smith' } });
    expect(same.body.ErrorMessages[0].Message).toBe('DisplayName: Same as current display name');
    const long = await client.call('PUT', 'user/profile', { body: { DisplayName: 'x'.repeat(26) } });
    expect(long.body.ErrorMessages[0].Message).toBe('DisplayName: Must be at most 25 characters');
    const loneSurrogate = await client.call('PUT', 'user/profile', { body: { DisplayName: 'Ann \ud800' } });
    expect(loneSurrogate.body.ErrorMessages[0].Message).toBe('DisplayName: Contains characters that are not allowed');
    const missing = await client.call('PUT', 'user/profile', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.ErrorMessages[0].Message).toBe('DisplayName: Required');
    expect((await client.call('GET', 'auth/session-info')).body.DisplayName).toBe('Ann Smith');
    await client.call('PUT', 'user/profile', { body: { DisplayName: '' } });
    expect((await client.call('GET', 'auth/session-info')).body.DisplayName).toBeNull();
  });

  it('refuses a body that is not UTF-8 and changes nothing', async () => {
    const client = await newCustomer(backend, 'bytes@example.com');
    const latin1 = Buffer.from('{"DisplayName":"Zoë"}', 'latin1');
    const response = await backend.app.request('/api/user/profile', {
      method: 'PUT',
      headers: {
        [APP_KEY_HEADER]: APP_KEY,
        'Content-Type': 'application/json',
        Cookie: `${SESSION_COOKIE}=${client.cookie(SESSION_COOKIE)}; ${XSRF_COOKIE}=${client.cookie(XSRF_COOKIE)}`,
        [XSRF_HEADER]: client.cookie(XSRF_COOKIE) ?? '',
      },
      body: latin1,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      ErrorMessages: [{ Message: 'The request body is not valid UTF-8.', Code: 'invalidEncoding' }],
    });
    expect((await client.call('GET', 'auth/session-info')).body.DisplayName).toBeNull();
  });
});

describe('PUT user/delete-account', () => {
  it('stops every renewal at once, and a login within the grace period gives back those the customer had not cancelled', async () => {
    const email = 'leaving-subscriber@example.com';
    const client = await newCustomer(backend, email);
    await buyWithTestCard(client, { 'personal-health-plus-monthly': 2, 'pdf-workshop-pro-yearly': 1 });
    const bought: Subscription[] = (await client.call('GET', 'license/subscriptions')).body;
    const renewing = bought.find((row) => row.Description === 'Personal Health Plus, monthly')!;
    const ownCancel = bought.find((row) => row.Description === 'PDF Workshop Pro, yearly')!;
    expect((await client.call('DELETE', `license/subscription/${ownCancel.Key}`)).status).toBe(200);

    expect((await client.call('PUT', 'user/delete-account', { body: { CurrentPassword: strongPassword } })).status).toBe(200);
    const held = await subscriptionRows(email);
    expect(held.get(renewing.Key)).toMatchObject({
      isCancelled: true,
      nextRenewalAt: null,
      renewalHeldForDeletionAt: new Date(renewing.NextRenewalDate!),
    });
    expect(held.get(ownCancel.Key)).toMatchObject({ isCancelled: true, nextRenewalAt: null, renewalHeldForDeletionAt: null });
    backend.clock.advance(deletionGraceMs - 60_000);

    await logInAgain(client, email);
    const after: Subscription[] = (await client.call('GET', 'license/subscriptions')).body;
    expect(after.find((row) => row.Key === renewing.Key)).toMatchObject({ IsCancelled: false, NextRenewalDate: renewing.NextRenewalDate });
    expect(after.find((row) => row.Key === ownCancel.Key)).toMatchObject({ IsCancelled: true, NextRenewalDate: null });
    for (const row of (await subscriptionRows(email)).values()) expect(row.renewalHeldForDeletionAt).toBeNull();

    await backend.deliverMail();
    const mail = backend.mail.to(email).at(-1)!;
    expect(mail.subject).toBe('Your Bluebonnet account will not be deleted');
    expect(mail.text).toContain('The renewals the deletion had stopped continue as before:');
    const renewsOn = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(renewing.NextRenewalDate!));
    expect(mail.text).toContain(`Personal Health Plus, monthly: renews on ${renewsOn}`);
    expect(mail.text).not.toContain('PDF Workshop Pro');
    // Told once: a second login has no deletion to cancel.
    await logInAgain(client, email);
    await backend.deliverMail();
    expect(backend.mail.to(email).filter((sent) => sent.subject === mail.subject)).toHaveLength(1);
    // And it renews on that date.
    backend.clock.advance(new Date(renewing.NextRenewalDate!).getTime() - backend.clock.now().getTime());
    await renewDueManualSubscriptions(backend.deps);
    expect((await subscriptionRows(email)).get(renewing.Key)?.isRenewed).toBe(true);
  });

  it('gives back no renewal whose period ended during the grace period, and still says the account stays', async () => {
    const email = 'lapsed-while-leaving@example.com';
    const client = await newCustomer(backend, email);
    await buyWithTestCard(client, { 'personal-health-plus-monthly': 1 });
    const [bought]: Subscription[] = (await client.call('GET', 'license/subscriptions')).body;
    // Two days before the renewal the account is deleted; the paid period ends within the grace period.
    backend.clock.advance(new Date(bought.NextRenewalDate!).getTime() - 2 * day - backend.clock.now().getTime());
    await logInAgain(client, email);
    expect((await client.call('PUT', 'user/delete-account', { body: { CurrentPassword: strongPassword } })).status).toBe(200);
    backend.clock.advance(3 * day);

    await logInAgain(client, email);
    const [after]: Subscription[] = (await client.call('GET', 'license/subscriptions')).body;
    expect(after).toMatchObject({ Key: bought.Key, IsCancelled: true, NextRenewalDate: null });
    expect((await subscriptionRows(email)).get(bought.Key)?.renewalHeldForDeletionAt).toBeNull();
    await backend.deliverMail();
    const mail = backend.mail.to(email).at(-1)!;
    expect(mail.subject).toBe('Your Bluebonnet account will not be deleted');
    expect(mail.text).not.toContain('continue as before');
  });

  it('schedules deletion 7 days ahead, ends the session, and mails a notice', async () => {
    const client = await newCustomer(backend, 'leaving@example.com');
    const response = await client.call('PUT', 'user/delete-account', { body: { CurrentPassword: strongPassword } });
    expect(response.status).toBe(200);
    expect(client.cookie(SESSION_COOKIE)).toBeUndefined();
    const row = await userRow('leaving@example.com');
    expect(row.deletionDueAt!.getTime() - backend.clock.now().getTime()).toBeGreaterThan(deletionGraceMs - 60_000);
    await backend.deliverMail();
    expect(backend.mail.to('leaving@example.com').at(-1)?.subject).toBe('Your Bluebonnet account will be deleted');
  });

  it('is cancelled by logging in within the grace period', async () => {
    const client = await newCustomer(backend, 'regret@example.com');
    await client.call('PUT', 'user/delete-account', { body: { CurrentPassword: strongPassword } });
    backend.clock.advance(deletionGraceMs - 60_000);
    const login = await client.call('POST', 'auth/login', {
      body: { UserName: 'regret@example.com', Password: strongPassword, CookieConsent: null },
    });
    expect(login.status).toBe(200);
    expect(login.body.DeletionCancelled).toBe(true);
    expect((await userRow('regret@example.com')).deletionDueAt).toBeNull();
    // Said once: the next login has nothing to cancel.
    const again = await client.call('POST', 'auth/login', {
      body: { UserName: 'regret@example.com', Password: strongPassword, CookieConsent: null },
    });
    expect(again.body).not.toHaveProperty('DeletionCancelled');
  });

  it('is carried out by the purge job after the grace period: data erased, login impossible', async () => {
    const client = await newCustomer(backend, 'gone@example.com');
    await client.call('PUT', 'user/profile', { body: { DisplayName: 'Gone Person' } });
    await buyWithTestCard(client, { 'personal-health-plus-monthly': 1 });
    await client.call('PUT', 'user/delete-account', { body: { CurrentPassword: strongPassword } });
    const id = (await userRow('gone@example.com')).id;
    const heldDates = async () =>
      (await backend.database.db.select().from(subscriptions).where(eq(subscriptions.userId, id))).map(
        (row) => row.renewalHeldForDeletionAt,
      );
    expect(await heldDates()).toEqual([expect.any(Date)]);
    expect(await purgeDueAccounts(backend.deps)).toBe(0);
    backend.clock.advance(deletionGraceMs + 1000);
    expect(await purgeDueAccounts(backend.deps)).toBeGreaterThanOrEqual(1);
    const [erased] = await backend.database.db.select().from(users).where(eq(users.id, id));
    expect(erased).toMatchObject({ email: `erased-${id}@invalid`, displayName: null, passwordHash: '', cookieConsent: null });
    expect(await heldDates()).toEqual([null]);
    const login = await new TestClient(backend).prime();
    expect(
      (await login.call('POST', 'auth/login', { body: { UserName: 'gone@example.com', Password: strongPassword, CookieConsent: null } }))
        .status,
    ).toBe(400);
  });

  it('cannot be undone by logging in once the grace period is over, before the purge job runs', async () => {
    const client = await newCustomer(backend, 'toolate@example.com');
    await client.call('PUT', 'user/delete-account', { body: { CurrentPassword: strongPassword } });
    backend.clock.advance(deletionGraceMs + 60_000);
    const login = await client.call('POST', 'auth/login', {
      body: { UserName: 'toolate@example.com', Password: strongPassword, CookieConsent: null },
    });
    expect(login.status).toBe(400);
    expect((await userRow('toolate@example.com')).deletionDueAt).not.toBeNull();
  });

  it('counts a wrong password toward the three-tries rule', async () => {
    const client = await newCustomer(backend, 'careful@example.com');
    const wrong = await client.call('PUT', 'user/delete-account', { body: { CurrentPassword: 'WrongPass1' } });
    expect(wrong.status).toBe(400);
    expect((await userRow('careful@example.com')).deletionDueAt).toBeNull();
    const short = await client.call('PUT', 'user/delete-account', { body: { CurrentPassword: 'short' } });
    expect(short.body.ErrorMessages[0].Message).toBe('CurrentPassword: Must be at least 8 characters');
  });
});
