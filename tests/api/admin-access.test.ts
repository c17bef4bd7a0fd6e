/**
 * The console's access rules: invisible (404) without a role, the second factor (enrolment with
 * a real authenticator code, verification, replay, recovery codes, throttling), the password
 * confirmation for role changes, owner-only calls, the last owner, and the staff idle limit.
 */
import { and, eq, ne } from 'drizzle-orm';
import { generate } from 'otplib';
import { auditLog, recoveryCodes, sessions, users } from '@/server/db/schema';
import { sha256 } from '@/server/services/platform/crypto';
import { sealPlainTotpSecrets } from '@/server/services/accounts/second-factor';
import { SESSION_COOKIE } from '@/lib/contract/http';
import { brand } from '@/lib/config';
import { uniqueEmail } from '../support/accounts';
import { logInAgain, newCustomer, startTestBackend, strongPassword, TestClient, type TestBackend } from './harness';
import { grantRole, staffClient } from './staff-harness';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

const minute = 60_000;
const epoch = () => Math.floor(backend.clock.now().getTime() / 1000);
const codeNow = (secret: string) => generate({ secret, epoch: epoch() });
/** A six-digit code that is none of the codes valid around now. */
async function wrongCode(secret: string) {
  const valid = await Promise.all([-30, 0, 30].map((offset) => generate({ secret, epoch: epoch() + offset })));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!valid.includes(candidate)) return candidate;
  }
}
const userId = async (email: string) => (await backend.database.db.select().from(users).where(eq(users.email, email)))[0].id;

/** A staff member who has enrolled through the console; answers the secret and the recovery codes. */
async function enrolledStaff(role: 'staff' | 'owner' = 'staff') {
  const { client, email } = await staffClient(backend, { role, secondFactor: false });
  const enrolment = await client.call('GET', 'admin/second-factor/enrolment');
  const secret = enrolment.body.Secret as string;
  const code = await codeNow(secret);
  const confirmed = await client.call('POST', 'admin/second-factor/enrolment', { body: { Code: code } });
  expect(confirmed.status).toBe(200);
  return { client, email, secret, code, recovery: confirmed.body.RecoveryCodes as string[] };
}

/** The same staff member in a new browser: logged in, second factor not yet passed. */
async function newSession(email: string) {
  const client = await new TestClient(backend).prime();
  await logInAgain(client, email);
  return client;
}

describe('the console is invisible without a role', () => {
  it('answers 404 to a caller without a session', async () => {
    const anonymous = await new TestClient(backend).prime();
    for (const [method, path] of [
      ['GET', 'admin/me'],
      ['GET', 'admin/support'],
      ['GET', 'admin/x'],
      ['POST', 'admin/second-factor/verify'],
    ]) {
      const answer = await anonymous.call(method, path, method === 'GET' ? {} : { body: { Code: '123456' } });
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect(answer.body.ErrorMessages[0].Message).toContain('No such call');
    }
  });

  it('answers 404 to a customer: known calls, unknown paths and wrong methods alike', async () => {
    const customer = await newCustomer(backend, uniqueEmail('customer'));
    for (const [method, path] of [
      ['GET', 'admin/me'],
      ['GET', 'admin/customers'],
      ['GET', 'admin/x'],
      ['DELETE', 'admin/me'],
      ['PUT', 'admin/second-factor/enrolment'],
    ]) {
      const answer = await customer.call(method, path);
      expect({ method, path, status: answer.status }).toEqual({ method, path, status: 404 });
    }
    // A customer's own session is untouched by the refusal.
    expect((await customer.call('GET', 'billing/invoices')).status).toBe(200);
  });

  it('answers 403 second-factor to staff who have not passed it, but tells them who they are', async () => {
    const { client, email } = await staffClient(backend, { secondFactor: false });
    const refused = await client.call('GET', 'admin/support');
    expect(refused.status).toBe(403);
    expect(refused.body.Data).toBe('second-factor');
    const me = await client.call('GET', 'admin/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ EmailAddress: email, DisplayName: null, Role: 'staff', SecondFactor: 'enrol', PasswordConfirmedUntil: null });
    // A staff member's unknown path is a plain 404 once past the second factor.
    const { client: ready } = await staffClient(backend);
    expect((await ready.call('GET', 'admin/x')).status).toBe(404);
  });
});

describe('second factor', () => {
  it('enrols with a code from the app and shows ten recovery codes once', async () => {
    const { client, email } = await staffClient(backend, { secondFactor: false });
    const enrolment = await client.call('GET', 'admin/second-factor/enrolment');
    expect(enrolment.status).toBe(200);
    const { Secret, OtpAuthUrl, QrCodeSvg } = enrolment.body;
    expect(Secret).toMatch(/^[A-Z2-7]{16,}$/);
    const url = new URL(OtpAuthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(decodeURIComponent(url.pathname)).toContain(email);
    expect(url.searchParams.get('issuer')).toBe(brand.product);
    expect(url.searchParams.get('secret')).toBe(Secret);
    expect(QrCodeSvg).toMatch(/^<svg[^>]*>/);

    const wrong = await client.call('POST', 'admin/second-factor/enrolment', { body: { Code: await wrongCode(Secret) } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.ErrorMessages[0].Message).toContain('The code is not correct');

    const confirmed = await client.call('POST', 'admin/second-factor/enrolment', { body: { Code: await codeNow(Secret) } });
    expect(confirmed.status).toBe(200);
    const codes: string[] = confirmed.body.RecoveryCodes;
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect(new Set(codes).size).toBe(10);
    // Stored only as hashes.
    const stored = await backend.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, await userId(email)));
    expect(stored.map((row) => row.codeHash).sort()).toEqual(codes.map(sha256).sort());

    expect((await client.call('GET', 'admin/me')).body.SecondFactor).toBe('done');
    expect((await client.call('GET', 'admin/support')).status).toBe(200);
    expect((await client.call('GET', 'admin/second-factor/enrolment')).status).toBe(409);
    expect((await client.call('POST', 'admin/second-factor/enrolment', { body: { Code: await codeNow(Secret) } })).status).toBe(409);
    const [audit] = await backend.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.staffEmail, email), eq(auditLog.action, 'staff.second-factor.enrol')));
    expect(audit).toBeDefined();
  });

  it('keeps the authenticator secret encrypted in the database, bound to its account', async () => {
    const { email, secret } = await enrolledStaff();
    const other = await enrolledStaff();
    const row = async (address: string) => (await backend.database.db.select().from(users).where(eq(users.email, address)))[0];
    const stored = (await row(email)).totpSecret!;
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(secret);
    // Another account's sealed secret copied onto this row does not open here: the code is wrong, not a 500.
    await backend.database.db
      .update(users)
      .set({ totpSecret: (await row(other.email)).totpSecret })
      .where(eq(users.email, email));
    const session = await newSession(email);
    backend.clock.advance(30_000);
    const copied = await session.call('POST', 'admin/second-factor/verify', { body: { Code: await codeNow(other.secret) } });
    expect(copied.status).toBe(400);
  });

  it('encrypts a secret an earlier release stored in the clear, which then still works', async () => {
    const { email, secret } = await enrolledStaff();
    await backend.database.db.update(users).set({ totpSecret: secret }).where(eq(users.email, email));
    expect(await sealPlainTotpSecrets(backend.deps)).toBe(1);
    expect(await sealPlainTotpSecrets(backend.deps)).toBe(0);
    const [row] = await backend.database.db.select().from(users).where(eq(users.email, email));
    expect(row.totpSecret).toMatch(/^v1\./);
    const session = await newSession(email);
    backend.clock.advance(30_000);
    expect((await session.call('POST', 'admin/second-factor/verify', { body: { Code: await codeNow(secret) } })).status).toBe(200);
  });

  it('refuses to confirm or verify before an enrolment was started', async () => {
    const { client } = await staffClient(backend, { secondFactor: false });
    const confirm = await client.call('POST', 'admin/second-factor/enrolment', { body: { Code: '123456' } });
    expect(confirm.status).toBe(400);
    expect(confirm.body.ErrorMessages[0].Message).toBe('Start the authenticator setup first.');
    expect((await client.call('POST', 'admin/second-factor/verify', { body: { Code: '123456' } })).status).toBe(400);
  });

  it('verifies a new session with a current code, and never accepts one code twice', async () => {
    const { email, secret, code: enrolmentCode } = await enrolledStaff();
    const second = await newSession(email);
    expect((await second.call('GET', 'admin/me')).body.SecondFactor).toBe('verify');
    expect((await second.call('GET', 'admin/support')).status).toBe(403);
    // The code the enrolment used is spent.
    const replayed = await second.call('POST', 'admin/second-factor/verify', { body: { Code: enrolmentCode } });
    expect(replayed.status).toBe(400);

    backend.clock.advance(30_000);
    const code = await codeNow(secret);
    const verified = await second.call('POST', 'admin/second-factor/verify', { body: { Code: ` ${code.slice(0, 3)} ${code.slice(3)} ` } });
    expect(verified.status).toBe(200);
    expect((await second.call('GET', 'admin/me')).body.SecondFactor).toBe('done');
    expect((await second.call('GET', 'admin/support')).status).toBe(200);

    const third = await newSession(email);
    expect((await third.call('POST', 'admin/second-factor/verify', { body: { Code: code } })).status).toBe(400);
    expect((await third.call('GET', 'admin/support')).status).toBe(403);
  });

  it('accepts a recovery code once', async () => {
    const { email, recovery } = await enrolledStaff();
    const second = await newSession(email);
    const used = await second.call('POST', 'admin/second-factor/verify', { body: { Code: recovery[3].toUpperCase() } });
    expect(used.status).toBe(200);
    expect((await second.call('GET', 'admin/support')).status).toBe(200);
    const third = await newSession(email);
    expect((await third.call('POST', 'admin/second-factor/verify', { body: { Code: recovery[3] } })).status).toBe(400);
    expect((await third.call('POST', 'admin/second-factor/verify', { body: { Code: recovery[4] } })).status).toBe(200);
  });

  it('throttles wrong codes: after five, even a right one waits', async () => {
    const { email, secret } = await enrolledStaff();
    const second = await newSession(email);
    backend.clock.advance(30_000);
    const wrong = await wrongCode(secret);
    for (let i = 0; i < 5; i++)
      expect((await second.call('POST', 'admin/second-factor/verify', { body: { Code: wrong } })).status).toBe(400);
    const throttled = await second.call('POST', 'admin/second-factor/verify', { body: { Code: await codeNow(secret) } });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(throttled.body.ErrorMessages[0].Message).toContain('Too many wrong codes');
    // Junk is a clear 400, never a 500.
    expect((await second.call('POST', 'admin/second-factor/verify', { body: { Code: '' } })).status).toBe(400);
    expect((await second.call('POST', 'admin/second-factor/verify', { body: { Code: 'x'.repeat(50) } })).status).toBe(400);
  });
});

describe('password confirmation and roles', () => {
  it('confirms the password: wrong is 400, right opens role changes for five minutes', async () => {
    const { client } = await staffClient(backend, { role: 'owner' });
    const wrong = await client.call('POST', 'admin/confirm-password', { body: { CurrentPassword: 'Wrong-password-1' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.ErrorMessages[0].Message).toBe('The current password is not correct.');
    const right = await client.call('POST', 'admin/confirm-password', { body: { CurrentPassword: strongPassword } });
    expect(right.status).toBe(200);
    expect(new Date(right.body.PasswordConfirmedUntil).getTime()).toBe(backend.clock.now().getTime() + 5 * minute);
    expect((await client.call('GET', 'admin/me')).body.PasswordConfirmedUntil).toBe(right.body.PasswordConfirmedUntil);
  });

  it('changes a role only with a recent password confirmation, and audits it', async () => {
    const { client: owner, email: ownerEmail } = await staffClient(backend, { role: 'owner' });
    const { email: staffEmail } = await staffClient(backend);
    const staffKey = await userId(staffEmail);

    const unconfirmed = await owner.call('PUT', `admin/staff/${staffKey}/role`, { body: { Role: 'owner' } });
    expect(unconfirmed.status).toBe(403);
    expect(unconfirmed.body.Data).toBe('confirm-password');

    await owner.call('POST', 'admin/confirm-password', { body: { CurrentPassword: strongPassword } });
    const promoted = await owner.call('PUT', `admin/staff/${staffKey}/role`, { body: { Role: 'owner' } });
    expect(promoted.status).toBe(200);
    expect(promoted.body.AuditKey).toEqual(expect.any(String));
    const [audit] = await backend.database.db.select().from(auditLog).where(eq(auditLog.id, promoted.body.AuditKey));
    expect(audit).toMatchObject({
      staffEmail: ownerEmail,
      action: 'staff.role.change',
      targetType: 'staff',
      targetId: staffKey,
      before: { email: staffEmail, role: 'staff' },
      after: { email: staffEmail, role: 'owner' },
    });
    // The same role again changes nothing.
    expect((await owner.call('PUT', `admin/staff/${staffKey}/role`, { body: { Role: 'owner' } })).body.AuditKey).toBeNull();

    const list = await owner.call('GET', 'admin/staff');
    expect(list.status).toBe(200);
    expect(list.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ EmailAddress: staffEmail, Role: 'owner', Key: staffKey })]),
    );

    backend.clock.advance(5 * minute + 1000);
    const stale = await owner.call('PUT', `admin/staff/${staffKey}/role`, { body: { Role: 'staff' } });
    expect(stale.status).toBe(403);
    expect(stale.body.Data).toBe('confirm-password');
  });

  it('refuses accounts without a role, unknown keys and bad input', async () => {
    const { client: owner } = await staffClient(backend, { role: 'owner', passwordConfirmed: true });
    const customerEmail = uniqueEmail('plain');
    await newCustomer(backend, customerEmail);
    expect((await owner.call('PUT', `admin/staff/${await userId(customerEmail)}/role`, { body: { Role: 'staff' } })).status).toBe(404);
    expect((await owner.call('PUT', 'admin/staff/2b5f7a0e-8c1d-4f3a-9b6e-0d4c2a1f5e7b/role', { body: { Role: 'staff' } })).status).toBe(
      404,
    );
    expect((await owner.call('PUT', 'admin/staff/not-a-uuid/role', { body: { Role: 'staff' } })).status).toBe(400);
    const badRole = await owner.call('PUT', `admin/staff/${await userId(customerEmail)}/role`, { body: { Role: 'admin' } });
    expect(badRole.status).toBe(400);
  });

  it('never removes or demotes the last owner', async () => {
    const { client: owner, email } = await staffClient(backend, { role: 'owner', passwordConfirmed: true });
    // Make this the only owner.
    await backend.database.db
      .update(users)
      .set({ role: 'staff' })
      .where(and(eq(users.role, 'owner'), ne(users.email, email)));
    const own = await userId(email);
    for (const Role of ['staff', null]) {
      const refused = await owner.call('PUT', `admin/staff/${own}/role`, { body: { Role } });
      expect(refused.status).toBe(409);
      expect(refused.body.ErrorMessages[0].Message).toBe('The last owner cannot lose the role.');
    }
    // With a second owner, the first may step down.
    const { email: other } = await staffClient(backend, { role: 'owner' });
    expect((await owner.call('PUT', `admin/staff/${own}/role`, { body: { Role: 'staff' } })).status).toBe(200);
    expect((await owner.call('GET', 'admin/staff')).status).toBe(404);
    expect(other).toBeTruthy();
  });

  it('removing a role ends the console for that person, and a new grant asks for the second factor again', async () => {
    const { client: owner } = await staffClient(backend, { role: 'owner', passwordConfirmed: true });
    const { client: member, email } = await staffClient(backend);
    expect((await member.call('GET', 'admin/support')).status).toBe(200);
    const removed = await owner.call('PUT', `admin/staff/${await userId(email)}/role`, { body: { Role: null } });
    expect(removed.status).toBe(200);
    const [audit] = await backend.database.db.select().from(auditLog).where(eq(auditLog.id, removed.body.AuditKey));
    expect(audit.action).toBe('staff.role.remove');
    expect((await member.call('GET', 'admin/support')).status).toBe(404);
    // Still a customer.
    expect((await member.call('GET', 'billing/invoices')).status).toBe(200);
    await grantRole(backend, email, 'staff');
    const again = await member.call('GET', 'admin/support');
    expect(again.status).toBe(403);
    expect(again.body.Data).toBe('second-factor');
  });

  it('keeps owner-only calls invisible to staff', async () => {
    const { client } = await staffClient(backend, { passwordConfirmed: true });
    expect((await client.call('GET', 'admin/staff')).status).toBe(404);
    const { email } = await staffClient(backend);
    expect((await client.call('PUT', `admin/staff/${await userId(email)}/role`, { body: { Role: 'owner' } })).status).toBe(404);
  });
});

describe('staff sessions', () => {
  it('end after 30 minutes without use', async () => {
    const { client, email } = await staffClient(backend);
    backend.clock.advance(29 * minute);
    expect((await client.call('GET', 'admin/me')).status).toBe(200);
    backend.clock.advance(31 * minute);
    expect((await client.call('GET', 'admin/me')).status).toBe(404);
    expect((await client.call('GET', 'auth/session-info')).body.UserName).toBeNull();
    const token = client.cookie(SESSION_COOKIE);
    expect(token).toBeUndefined();
    const rows = await backend.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, await userId(email)));
    expect(rows).toHaveLength(1);
  });
});
