/**
 * The staff team (docs/operator-console.md#team): invitations by mail (owner only, password
 * confirmed, one open per address, revocable, expiring, used once), accepting them with a new
 * account or an existing one, the console's second factor before anything else, role changes
 * from the console, and the staff member's own sessions with their client address.
 */
import { eq } from 'drizzle-orm';
import { staffInviteLifetimeMs } from '@/lib/contract/admin-team';
import { auditLog, sessions, staffInvites, users } from '@/server/db/schema';
import { uniqueEmail } from '../support/accounts';
import { logInAgain, newCustomer, startTestBackend, strongPassword, TestClient, type TestBackend } from './harness';
import { staffClient } from './staff-harness';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

let addressCount = 0;
/** Each test calls from addresses of its own, so the link throttle of one never reaches another. */
const newAddress = () => `203.0.113.${++addressCount}`;

const owner = () => staffClient(backend, { role: 'owner', passwordConfirmed: true });

async function invite(client: TestClient, email: string, role: 'staff' | 'owner' = 'staff', Language: 'en' | 'de' | 'ru' = 'en') {
  return client.call('POST', 'admin/staff/invites', { body: { EmailAddress: email, Role: role, Language } });
}

/** The token of the latest invitation mailed to the address. */
async function mailedToken(email: string): Promise<string> {
  await backend.deliverMail();
  const mail = backend.mail.to(email).at(-1);
  const token = /staff-invite\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

/** A browser that opened the link, calling from an address of its own. */
async function linkOpener(address = newAddress()) {
  const client = await new TestClient(backend).prime();
  const call = (method: string, path: string, body?: unknown) =>
    client.call(method, path, { body, headers: { 'X-Forwarded-For': address } });
  return { client, call };
}

const roleOf = async (email: string) => (await backend.database.db.select().from(users).where(eq(users.email, email)))[0]?.role ?? null;
const auditOf = (action: string) => backend.database.db.select().from(auditLog).where(eq(auditLog.action, action));

describe('inviting staff', () => {
  it('mails the link in the chosen language, lists the invitation and audits it', async () => {
    const { client } = await owner();
    const email = uniqueEmail('invitee');
    const answer = await invite(client, email, 'staff', 'de');
    expect(answer.status).toBe(200);
    await mailedToken(email);
    const mail = backend.mail.to(email).at(-1);
    expect(mail?.subject).toContain('Einladung');
    expect(mail?.text).toMatch(/\/de\/staff-invite\?token=/);
    // The address may have no account: the footer says why it gets the mail.
    expect(mail?.text).toContain('diese Adresse ins Team eingeladen hat');
    expect(mail?.text).not.toContain('wegen Ihres');

    const listed = await client.call('GET', 'admin/staff/invites');
    expect(listed.headers.get('Cache-Control')).toBe('no-store');
    expect(listed.body.Invites).toContainEqual(expect.objectContaining({ EmailAddress: email, Role: 'staff', Language: 'de' }));
    const [row] = await backend.database.db.select().from(staffInvites).where(eq(staffInvites.email, email));
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(mail?.text).not.toContain(row.tokenHash);
    const [entry] = (await auditOf('staff.invite')).filter((audit) => audit.targetId === row.id);
    expect(entry.after).toEqual({ email, role: 'staff', language: 'de' });
  });

  it('is for owners with a recent password confirmation only', async () => {
    const staff = await staffClient(backend, { role: 'staff', passwordConfirmed: true });
    expect((await invite(staff.client, uniqueEmail('x'))).status).toBe(404);
    const unconfirmed = await staffClient(backend, { role: 'owner' });
    const refused = await invite(unconfirmed.client, uniqueEmail('x'));
    expect(refused.status).toBe(403);
    expect(refused.body.Data).toBe('confirm-password');
  });

  it('refuses bad input and an address that already has a role, changing nothing', async () => {
    const { client, email: ownEmail } = await owner();
    const before = await backend.rowCount(staffInvites);
    for (const body of [
      { EmailAddress: 'not-an-address', Role: 'staff', Language: 'en' },
      { EmailAddress: uniqueEmail('x'), Role: 'admin', Language: 'en' },
      { EmailAddress: uniqueEmail('x'), Role: 'staff', Language: 'fr' },
    ]) {
      const answer = await client.call('POST', 'admin/staff/invites', { body });
      expect(answer.status).toBe(400);
    }
    const taken = await invite(client, ownEmail);
    expect(taken.status).toBe(409);
    expect(taken.body.ErrorMessages[0].Message).toContain('already belongs to a staff member');
    expect(await backend.rowCount(staffInvites)).toBe(before);
  });

  it('keeps one open invitation per address: a newer one replaces the older, whose link stops working', async () => {
    const { client } = await owner();
    const email = uniqueEmail('twice');
    await invite(client, email);
    const first = await mailedToken(email);
    await invite(client, email, 'owner');
    const second = await mailedToken(email);
    const listed = (await client.call('GET', 'admin/staff/invites')).body.Invites.filter(
      (open: { EmailAddress: string }) => open.EmailAddress === email,
    );
    expect(listed).toEqual([expect.objectContaining({ Role: 'owner' })]);
    const { call } = await linkOpener();
    expect((await call('POST', 'staff-invites/lookup', { Token: first })).status).toBe(400);
    expect((await call('POST', 'staff-invites/lookup', { Token: second })).body).toEqual({
      EmailAddress: email,
      Role: 'owner',
      HasAccount: false,
      SignedIn: false,
    });
  });

  it('can be revoked by an owner: the link then answers as an invalid one', async () => {
    const { client } = await owner();
    const email = uniqueEmail('revoked');
    await invite(client, email);
    const token = await mailedToken(email);
    const [row] = await backend.database.db.select().from(staffInvites).where(eq(staffInvites.email, email));
    const revoked = await client.call('POST', `admin/staff/invites/${row.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.AuditKey).toEqual(expect.any(String));
    expect((await client.call('POST', `admin/staff/invites/${row.id}/revoke`)).status).toBe(404);
    const { call } = await linkOpener();
    const refused = await call('POST', 'staff-invites/accept', { Token: token, NewPassword: strongPassword, UserAgreedToTerms: true });
    expect(refused.status).toBe(400);
    expect(refused.body.ErrorMessages[0].Message).toContain('no longer valid');
    expect(await roleOf(email)).toBeNull();
  });
});

describe('accepting an invitation', () => {
  it('makes a new account with the role, logged in, that must enrol the second factor before the console opens', async () => {
    const { client } = await owner();
    const email = uniqueEmail('new-staff');
    await invite(client, email, 'staff', 'ru');
    const token = await mailedToken(email);
    const address = newAddress();
    const { client: browser, call } = await linkOpener(address);

    const weak = await call('POST', 'staff-invites/accept', { Token: token, NewPassword: 'short', UserAgreedToTerms: true });
    expect(weak.status).toBe(400);
    const noTerms = await call('POST', 'staff-invites/accept', { Token: token, NewPassword: strongPassword });
    expect(noTerms.status).toBe(400);
    expect(noTerms.body.ErrorMessages[0].Field).toBe('UserAgreedToTerms');
    expect(await roleOf(email)).toBeNull();

    const accepted = await call('POST', 'staff-invites/accept', { Token: token, NewPassword: strongPassword, UserAgreedToTerms: true });
    expect(accepted.status).toBe(200);
    expect(accepted.body.SessionInfo.UserName).toBe(email);
    const [user] = await backend.database.db.select().from(users).where(eq(users.email, email));
    expect({ role: user.role, language: user.language, terms: user.termsAcceptedAt !== null }).toEqual({
      role: 'staff',
      language: 'ru',
      terms: true,
    });
    const [session] = await backend.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session.clientAddress).toBe(address);

    const me = await browser.call('GET', 'admin/me');
    expect(me.body.SecondFactor).toBe('enrol');
    const closed = await browser.call('GET', 'admin/customers');
    expect(closed.status).toBe(403);
    expect(closed.body.Data).toBe('second-factor');
    expect(await auditOf('staff.invite.accept')).toContainEqual(
      expect.objectContaining({ staffEmail: email, targetId: user.id, after: { email, role: 'staff' } }),
    );

    const again = await call('POST', 'staff-invites/accept', { Token: token, NewPassword: strongPassword, UserAgreedToTerms: true });
    expect(again.status).toBe(400);
  });

  it('grants the role to an existing account only when its owner is logged in to it', async () => {
    const { client } = await owner();
    const email = uniqueEmail('customer-joins');
    await (await newCustomer(backend, email)).call('PUT', 'auth/logout');
    await invite(client, email, 'owner');
    const token = await mailedToken(email);
    const { client: browser, call } = await linkOpener();

    expect((await call('POST', 'staff-invites/lookup', { Token: token })).body).toMatchObject({ HasAccount: true, SignedIn: false });
    const anonymous = await call('POST', 'staff-invites/accept', { Token: token, NewPassword: strongPassword, UserAgreedToTerms: true });
    expect(anonymous.status).toBe(400);
    expect(anonymous.body.ErrorMessages[0].Message).toContain('Log in');
    expect(await roleOf(email)).toBeNull();

    await logInAgain(browser, email);
    expect((await call('POST', 'staff-invites/lookup', { Token: token })).body).toMatchObject({ HasAccount: true, SignedIn: true });
    const accepted = await call('POST', 'staff-invites/accept', { Token: token });
    expect(accepted.status).toBe(200);
    expect(await roleOf(email)).toBe('owner');
    expect((await browser.call('GET', 'admin/me')).body.SecondFactor).toBe('enrol');
  });

  it('refuses another logged-in account for an address with an account', async () => {
    const { client } = await owner();
    const email = uniqueEmail('invited');
    await newCustomer(backend, email);
    await invite(client, email);
    const token = await mailedToken(email);
    const { client: browser, call } = await linkOpener();
    const other = uniqueEmail('someone-else');
    await newCustomer(backend, other);
    await logInAgain(browser, other);
    expect((await call('POST', 'staff-invites/accept', { Token: token })).status).toBe(400);
    expect(await roleOf(email)).toBeNull();
    expect(await roleOf(other)).toBeNull();
  });

  it('throttles looking up links from one address', async () => {
    const { call } = await linkOpener();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await call('POST', 'staff-invites/lookup', { Token: `unknown-${i}` })).status);
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('stops working once the invitation expires', async () => {
    const { client } = await owner();
    const email = uniqueEmail('late');
    await invite(client, email);
    const token = await mailedToken(email);
    backend.clock.advance(staffInviteLifetimeMs + 60_000);
    const { call } = await linkOpener();
    expect((await call('POST', 'staff-invites/lookup', { Token: token })).status).toBe(400);
    expect(
      (await call('POST', 'staff-invites/accept', { Token: token, NewPassword: strongPassword, UserAgreedToTerms: true })).status,
    ).toBe(400);
    expect(await roleOf(email)).toBeNull();
  });
});

describe('roles from the console', () => {
  // The last owner's rule has its tests in admin-access.test.ts.
  it('changes and removes roles after a password confirmation', async () => {
    const { client } = await owner();
    const member = await staffClient(backend, { role: 'staff' });
    const [target] = await backend.database.db.select().from(users).where(eq(users.email, member.email));
    const promoted = await client.call('PUT', `admin/staff/${target.id}/role`, { body: { Role: 'owner' } });
    expect(promoted.status).toBe(200);
    expect(await roleOf(member.email)).toBe('owner');
    const removed = await client.call('PUT', `admin/staff/${target.id}/role`, { body: { Role: null } });
    expect(removed.status).toBe(200);
    expect(await roleOf(member.email)).toBeNull();
  });
});

describe("a staff member's own sessions", () => {
  it('lists browser, system and client address, and ends another session', async () => {
    const { client, email } = await staffClient(backend, { role: 'staff' });
    const phone = await new TestClient(backend).prime();
    const phoneAddress = newAddress();
    await phone.call('POST', 'auth/login', {
      body: { UserName: email, Password: strongPassword, CookieConsent: null },
      headers: {
        'X-Forwarded-For': phoneAddress,
        'User-Agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      },
    });
    const listed = await client.call('GET', 'admin/sessions');
    expect(listed.status).toBe(200);
    expect(listed.headers.get('Cache-Control')).toBe('no-store');
    const [current, other] = listed.body.Sessions;
    expect(current.Current).toBe(true);
    expect(other).toMatchObject({ Browser: 'Safari', System: 'iOS', ClientAddress: phoneAddress, Current: false });

    expect((await client.call('DELETE', `admin/sessions/${current.Id}`)).status).toBe(400);
    const ended = await client.call('DELETE', `admin/sessions/${other.Id}`);
    expect(ended.status).toBe(200);
    expect(ended.body.Sessions).toHaveLength(1);
    expect((await phone.call('GET', 'auth/session-info')).body.UserName).toBeNull();
    expect(await auditOf('staff.session.end')).toHaveLength(1);
    expect((await client.call('DELETE', `admin/sessions/${other.Id}`)).status).toBe(404);
    expect((await client.call('DELETE', 'admin/sessions/not-a-uuid')).status).toBe(400);
  });
});
