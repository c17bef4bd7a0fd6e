import { eq } from 'drizzle-orm';
import { brand } from '@/lib/config';
import { SESSION_COOKIE } from '@/lib/contract/http';
import { emailRestores, users } from '@/server/db/schema';
import { deletionGraceMs, emailRestoreLifetimeMs, purgeDueAccounts } from '@/server/services/accounts/accounts';
import { limits } from '@/server/services/platform/rate-limit';
import { codeFrom } from './mail-sink';
import { logInAgain, newCustomer, startTestBackend, strongPassword, TestClient, type TestBackend } from './harness';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend({ SITE_URL: 'https://shop.example' });
});
afterAll(() => backend.close());

const invalidLink = 'This link is no longer valid.';
const changedSubject = 'Your Bluebonnet login address was changed';

let network = 0;
/** A caller without a session, from its own network address (the restore call is throttled by address). */
async function stranger(ip = `203.0.113.${++network}`) {
  const client = await new TestClient(backend).prime();
  return (body: unknown) => client.call('POST', 'user/restore-email', { body, headers: { 'X-Forwarded-For': ip } });
}

/** Changes the client's address with the mailed code and returns the restore link mailed to the old one. */
async function changeEmail(client: TestClient, from: string, to: string, subject = changedSubject): Promise<string> {
  await client.call('PUT', 'user/email', { body: { NewEmailAddress: to, CurrentPassword: strongPassword } });
  await backend.deliverMail();
  const changed = await client.call('PUT', 'user/email', {
    body: { NewEmailAddress: to, CurrentPassword: strongPassword, Code: codeFrom(backend.mail, to) },
  });
  if (changed.status !== 200) throw new Error(`email change failed: ${changed.text}`);
  await backend.deliverMail();
  const notice = backend.mail.to(from).at(-1);
  expect(notice?.subject).toBe(subject);
  const link = notice?.text.match(/https?:\/\/\S+restore-email\?token=\S+/)?.[0];
  if (!link) throw new Error(`no restore link in: ${notice?.text}`);
  return link;
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const loginStatus = async (email: string) =>
  (
    await (
      await new TestClient(backend).prime()
    ).call('POST', 'auth/login', { body: { UserName: email, Password: strongPassword, CookieConsent: null } })
  ).status;

describe('the link mailed to the old address after an email change', () => {
  it('restores the old address, ends every session, and works once', async () => {
    const owner = await newCustomer(backend, 'rosa@example.com');
    const link = await changeEmail(owner, 'rosa@example.com', 'thief@example.com');
    // The change itself ended the other sessions; this one began after it.
    const otherDevice = await new TestClient(backend).prime();
    await logInAgain(otherDevice, 'thief@example.com');
    expect(link).toMatch(/^https:\/\/shop\.example\/en\/restore-email\?token=[\w-]{43}$/);
    expect(backend.mail.to('rosa@example.com').at(-1)?.text).toContain('thief@example.com');

    const restore = await stranger();
    const restored = await restore({ Token: tokenOf(link) });
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ ErrorMessages: [], EmailAddress: 'rosa@example.com' });

    // Every session, the one that made the change included, is refused now.
    for (const client of [owner, otherDevice]) {
      expect((await client.call('PUT', 'user/profile', { body: { DisplayName: 'X' } })).status).toBe(401);
      expect((await client.call('GET', 'auth/session-info')).body.UserName).toBeNull();
    }
    expect(await loginStatus('rosa@example.com')).toBe(200);
    expect(await loginStatus('thief@example.com')).toBe(400);

    const again = await restore({ Token: tokenOf(link) });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ ErrorMessages: [{ Message: invalidLink, Code: 'restoreLinkInvalid' }] });
  });

  it('clears the session cookie of a caller whose own session it ended', async () => {
    const owner = await newCustomer(backend, 'self@example.com');
    const link = await changeEmail(owner, 'self@example.com', 'self-new@example.com');
    expect(owner.cookie(SESSION_COOKIE)).toBeDefined();
    const restored = await owner.call('POST', 'user/restore-email', {
      body: { Token: tokenOf(link) },
      headers: { 'X-Forwarded-For': '203.0.113.200' },
    });
    expect(restored.status).toBe(200);
    expect(owner.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it('expires after 7 days', async () => {
    const owner = await newCustomer(backend, 'late@example.com');
    const link = await changeEmail(owner, 'late@example.com', 'late-new@example.com');
    backend.clock.advance(emailRestoreLifetimeMs);
    const answer = await (await stranger())({ Token: tokenOf(link) });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ ErrorMessages: [{ Message: invalidLink, Code: 'restoreLinkInvalid' }] });
    expect(await loginStatus('late-new@example.com')).toBe(200);
  });

  it('refuses an unknown token with the same message, in the caller’s language', async () => {
    const restore = await stranger();
    expect((await restore({ Token: 'a'.repeat(43) })).body).toEqual({
      ErrorMessages: [{ Message: invalidLink, Code: 'restoreLinkInvalid' }],
    });
    const client = await new TestClient(backend).prime();
    const german = await client.call('POST', 'user/restore-email', {
      body: { Token: 'unknown' },
      headers: { 'Accept-Language': 'de', 'X-Forwarded-For': '203.0.113.201' },
    });
    expect(german.status).toBe(400);
    expect(german.body).toEqual({ ErrorMessages: [{ Message: 'Dieser Link ist nicht mehr gültig.', Code: 'restoreLinkInvalid' }] });
  });

  const token = (Code: string) => ({ Code, Field: 'Token' });
  it.each([
    [{}, 'Token: Required', token('required')],
    [{ Token: '' }, 'Token: Required', token('required')],
    [{ Token: '   ' }, 'Token: Required', token('required')],
    [{ Token: 'x'.repeat(101) }, 'Token: Must be at most 100 characters', token('maxLength')],
    [{ Token: 42 }, 'Token: Must be text', token('expectedText')],
    [{ Token: null }, 'Token: Must be text', token('expectedText')],
    [{ Token: ['abc'] }, 'Token: Must be text', token('expectedText')],
    [{ Token: 'abc\u0000' }, 'Token: Contains characters that are not allowed', token('invalidCharacters')],
    // The body as a whole is of the wrong type: a rule of no field.
    [[], 'Must be a JSON object', { Code: 'expectedObject' }],
    ['token', 'Must be a JSON object', { Code: 'expectedObject' }],
  ])('answers %j with 400: %s', async (body, message, code) => {
    const answer = await (await stranger())(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ ErrorMessages: [{ Message: message, ...code }] });
  });

  it('answers malformed JSON with 400', async () => {
    const client = await new TestClient(backend).prime();
    const answer = await client.call('POST', 'user/restore-email', { raw: '{"Token":', headers: { 'Content-Type': 'application/json' } });
    expect(answer.status).toBe(400);
  });

  it('needs the site’s request-forgery token like every other call', async () => {
    const client = await new TestClient(backend).prime();
    const answer = await client.call('POST', 'user/restore-email', { body: { Token: 'abc' }, headers: { 'X-XSRF-TOKEN': 'wrong' } });
    expect(answer.status).toBe(403);
  });

  it('refuses when the old address now belongs to another account, and keeps the link', async () => {
    const owner = await newCustomer(backend, 'moved@example.com');
    const link = await changeEmail(owner, 'moved@example.com', 'moved-new@example.com');
    const newcomer = await newCustomer(backend, 'moved@example.com');
    const restore = await stranger();
    const refused = await restore({ Token: tokenOf(link) });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      ErrorMessages: [
        {
          Message: `Your previous email address now belongs to another account, so it cannot be restored. Please write to us at ${brand.supportEmail}.`,
          Code: 'restoreAddressTaken',
        },
      ],
    });
    // Nothing changed: both accounts and their sessions are as they were.
    expect((await owner.call('GET', 'auth/session-info')).body.UserName).toBe('moved-new@example.com');
    expect((await newcomer.call('GET', 'auth/session-info')).body.UserName).toBe('moved@example.com');
    const [row] = await backend.database.db.select().from(emailRestores).where(eq(emailRestores.previousEmail, 'moved@example.com'));
    expect(row.usedAt).toBeNull();
  });

  it('drops the links of later changes, which would undo it, and keeps those of earlier ones', async () => {
    const owner = await newCustomer(backend, 'first@example.com');
    const toFirst = await changeEmail(owner, 'first@example.com', 'second@example.com');
    backend.clock.advance(60_000);
    const toSecond = await changeEmail(owner, 'second@example.com', 'third@example.com');
    // The address mailed second (the taker's, say) goes back first; the first owner's link still works.
    expect((await (await stranger())({ Token: tokenOf(toSecond) })).body.EmailAddress).toBe('second@example.com');
    expect((await (await stranger())({ Token: tokenOf(toFirst) })).body.EmailAddress).toBe('first@example.com');
    // Both are used now.
    expect((await (await stranger())({ Token: tokenOf(toSecond) })).status).toBe(400);

    const again = await newCustomer(backend, 'fourth@example.com');
    const toFourth = await changeEmail(again, 'fourth@example.com', 'fifth@example.com');
    await logInAgain(again, 'fifth@example.com');
    backend.clock.advance(60_000);
    const toFifth = await changeEmail(again, 'fifth@example.com', 'sixth@example.com');
    expect((await (await stranger())({ Token: tokenOf(toFourth) })).body.EmailAddress).toBe('fourth@example.com');
    const undo = await (await stranger())({ Token: tokenOf(toFifth) });
    expect(undo.body).toEqual({ ErrorMessages: [{ Message: invalidLink, Code: 'restoreLinkInvalid' }] });
  });

  it('links in the account’s language', async () => {
    const owner = await newCustomer(backend, 'greta@example.com');
    const [user] = await backend.database.db.update(users).set({ language: 'de' }).where(eq(users.email, 'greta@example.com')).returning();
    expect(user.language).toBe('de');
    const link = await changeEmail(
      owner,
      'greta@example.com',
      'greta-neu@example.com',
      'Ihre Anmeldeadresse bei Bluebonnet wurde geändert',
    );
    expect(link).toMatch(/^https:\/\/shop\.example\/de\/restore-email\?token=/);
    expect(backend.mail.to('greta@example.com').at(-1)?.text).toContain('innerhalb von 7 Tagen');
  });

  it('does nothing for an account past its deletion date, and the purge erases its links', async () => {
    const owner = await newCustomer(backend, 'leaving@example.com');
    const link = await changeEmail(owner, 'leaving@example.com', 'leaving-new@example.com');
    await logInAgain(owner, 'leaving-new@example.com');
    expect((await owner.call('PUT', 'user/delete-account', { body: { CurrentPassword: strongPassword } })).status).toBe(200);
    backend.clock.advance(deletionGraceMs);
    const answer = await (await stranger())({ Token: tokenOf(link) });
    expect(answer.body).toEqual({ ErrorMessages: [{ Message: invalidLink, Code: 'restoreLinkInvalid' }] });
    await purgeDueAccounts(backend.deps);
    expect(await backend.database.db.select().from(emailRestores).where(eq(emailRestores.previousEmail, 'leaving@example.com'))).toEqual(
      [],
    );
  });

  it('throttles tries by network address', async () => {
    const restore = await stranger('203.0.113.250');
    const statuses = [];
    for (let i = 0; i <= limits.linkTriesPerIp.max; i++) statuses.push((await restore({ Token: `guess-${i}` })).status);
    expect(statuses).toEqual([...Array(limits.linkTriesPerIp.max).fill(400), 429]);
    // Another address is not held back.
    expect((await (await stranger())({ Token: 'guess' })).status).toBe(400);
  });
});
