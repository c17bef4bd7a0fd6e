/**
 * The audit log's names and filters (docs/operator-console.md#audit-log): each entry names its
 * target as it is called now, and the log filters by staff member, action and UTC days, with
 * bad filters refused.
 */
import { eq } from 'drizzle-orm';
import { users } from '@/server/db/schema';
import { uniqueEmail } from '../support/accounts';
import { newCustomer, startTestBackend, type TestBackend } from './harness';
import { staffClient } from './staff-harness';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

type Entry = { StaffEmailAddress: string; Action: string; TargetName: string | null; TargetType: string };
const day = (date: Date) => date.toISOString().slice(0, 10);

describe('GET admin/audit with filters', () => {
  it('names targets and filters by staff member, action and days', async () => {
    const owner = await staffClient(backend, { role: 'owner', passwordConfirmed: true });
    const staff = await staffClient(backend, { role: 'staff' });
    const customerEmail = uniqueEmail('audited');
    await newCustomer(backend, customerEmail);
    const [customer] = await backend.database.db.select().from(users).where(eq(users.email, customerEmail));
    const invitee = uniqueEmail('invitee');

    expect(
      (await owner.client.call('POST', 'admin/staff/invites', { body: { EmailAddress: invitee, Role: 'staff', Language: 'en' } })).status,
    ).toBe(200);
    expect((await staff.client.call('POST', `admin/customers/${customer.id}/suspend`)).status).toBe(200);
    expect((await staff.client.call('POST', 'admin/offers/personal-health-free/retire')).status).toBe(200);

    const all = (await owner.client.call('GET', 'admin/audit', { headers: { 'Accept-Language': 'de' } })).body.Entries as Entry[];
    expect(all).toContainEqual(expect.objectContaining({ Action: 'staff.invite', TargetType: 'staff-invite', TargetName: invitee }));
    expect(all).toContainEqual(expect.objectContaining({ Action: 'customer.suspend', TargetName: customerEmail }));
    const offerEntry = all.find((entry) => entry.Action === 'offer.retire');
    expect(offerEntry?.TargetName).toEqual(expect.any(String));

    const byOwner = (await owner.client.call('GET', `admin/audit?staff=${encodeURIComponent(owner.email)}`)).body.Entries as Entry[];
    expect(byOwner.map((entry) => entry.Action)).toEqual(['staff.invite']);
    const suspensions = (await owner.client.call('GET', 'admin/audit?action=customer.suspend')).body.Entries as Entry[];
    expect(suspensions.map((entry) => entry.StaffEmailAddress)).toEqual([staff.email]);

    const today = day(backend.clock.now());
    const yesterday = day(new Date(backend.clock.now().getTime() - 24 * 60 * 60_000));
    expect((await owner.client.call('GET', `admin/audit?from=${today}&to=${today}`)).body.Entries.length).toBe(all.length);
    expect((await owner.client.call('GET', `admin/audit?to=${yesterday}`)).body.Entries).toEqual([]);
    expect((await owner.client.call('GET', `admin/audit?from=${today}&action=staff.invite`)).body.Entries).toHaveLength(1);

    const filters = await owner.client.call('GET', 'admin/audit/filters');
    expect(filters.headers.get('Cache-Control')).toBe('no-store');
    expect(filters.body.Staff).toEqual(expect.arrayContaining([owner.email, staff.email]));
    expect(filters.body.Actions).toEqual(expect.arrayContaining(['customer.suspend', 'offer.retire', 'staff.invite']));
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    const { client } = await staffClient(backend, { role: 'staff' });
    for (const [query, field] of [
      ['from=2026-13-01', 'from'],
      ['to=yesterday', 'to'],
      ['from=2026-05-02&to=2026-05-01', 'to'],
      ['action=DROP%20TABLE', 'action'],
      [`staff=${'x'.repeat(300)}`, 'staff'],
    ]) {
      const answer = await client.call('GET', `admin/audit?${query}`);
      expect({ query, status: answer.status }).toEqual({ query, status: 400 });
      expect(answer.body.ErrorMessages[0].Field).toBe(field);
    }
  });
});
