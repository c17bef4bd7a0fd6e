/**
 * The console's overview figures on known purchases, and the audit log's pages.
 */
import { supportMessages } from '@/server/db/schema';
import { buyWithTestCard, newCustomer, startTestBackend, type TestBackend, type TestClient } from './harness';
import { staffClient } from './staff-harness';

let backend: TestBackend;
let staff: { client: TestClient; email: string };
beforeAll(async () => {
  backend = await startTestBackend();
  staff = await staffClient(backend, { passwordConfirmed: true });
});
afterAll(() => backend.close());

const day = 24 * 60 * 60_000;
const monthOf = (date: Date) => date.toISOString().slice(0, 7);

async function buyer(email: string, items: Record<string, number>) {
  const client = await newCustomer(backend, email);
  return { client, ...(await buyWithTestCard(client, items)) };
}

describe('console: overview', () => {
  it('does not exist for a customer', async () => {
    const customer = await newCustomer(backend, 'adm-ov-customer@example.com');
    expect((await customer.call('GET', 'admin/overview')).status).toBe(404);
    expect((await customer.call('GET', 'admin/audit')).status).toBe(404);
  });

  it('adds up revenue by month net of tax and refunds, active subscriptions, recurring revenue and open support', async () => {
    const empty = (await staff.client.call('GET', 'admin/overview')).body;
    expect(empty.RevenueByMonth).toHaveLength(12);
    expect(empty).toMatchObject({ ActiveSubscriptions: 0, MonthlyRecurringRevenue: 0, OpenSupportMessages: 0 });
    expect(empty.RevenueByMonth.at(-1)).toEqual({ Month: monthOf(backend.clock.now()), Amount: 0 });

    // Monthly 999 + 82 tax; yearly 9900 + 817 tax; a one-time review 150000 + 12375 tax, 1000 of it refunded.
    const { client: monthly } = await buyer('adm-ov-monthly@example.com', { 'pdf-workshop-pro-monthly': 1 });
    await buyer('adm-ov-yearly@example.com', { 'pdf-workshop-pro-yearly': 1 });
    const { invoiceKey: review } = await buyer('adm-ov-review@example.com', { 'consulting-architecture-review': 1 });
    expect((await staff.client.call('POST', `admin/invoices/${review}/refund`, { body: { Amount: 1000 } })).status).toBe(200);
    await backend.database.db.insert(supportMessages).values([
      { fullName: 'A', emailAddress: 'a@example.com', message: 'Help', status: 'new' },
      { fullName: 'B', emailAddress: 'b@example.com', message: 'Help', status: 'new' },
      { fullName: 'C', emailAddress: 'c@example.com', message: 'Thanks', status: 'closed' },
    ]);

    const figures = (await staff.client.call('GET', 'admin/overview')).body;
    // The refund gives back its share of the review's tax: 1000 × 12375 / 162375 = 76.
    const revenue = 999 + 9900 + 150000 - (1000 - 76);
    expect(figures.RevenueByMonth.at(-1)).toEqual({ Month: monthOf(backend.clock.now()), Amount: revenue });
    expect(figures.RevenueByMonth.slice(0, 11).every((month: { Amount: number }) => month.Amount === 0)).toBe(true);
    expect(figures).toMatchObject({ ActiveSubscriptions: 2, MonthlyRecurringRevenue: 999 + 825, OpenSupportMessages: 2 });

    // Cancelled: still active until its end, but no longer recurring.
    const [subscription] = (await monthly.call('GET', 'license/subscriptions')).body;
    await staff.client.call('POST', `admin/subscriptions/${subscription.Key}/cancel`, { body: { When: 'period-end' } });
    expect((await staff.client.call('GET', 'admin/overview')).body).toMatchObject({ ActiveSubscriptions: 2, MonthlyRecurringRevenue: 825 });

    // Forty days on, the month's revenue is last month's, and the monthly subscription has ended.
    const paidMonth = monthOf(backend.clock.now());
    backend.clock.advance(40 * day);
    staff = await staffClient(backend, { passwordConfirmed: true });
    const later = (await staff.client.call('GET', 'admin/overview')).body;
    expect(later.RevenueByMonth).toHaveLength(12);
    expect(later.RevenueByMonth.find((month: { Month: string }) => month.Month === paidMonth).Amount).toBe(revenue);
    expect(later.RevenueByMonth.at(-1).Month).not.toBe(paidMonth);
    expect(later).toMatchObject({ ActiveSubscriptions: 1, MonthlyRecurringRevenue: 825 });
  });
});

describe('console: audit log', () => {
  it('pages newest first, fifty at a time, with before and after', async () => {
    const key = 'personal-health-free';
    for (let step = 0; step < 54; step++) {
      backend.clock.advance(1000);
      const action = step % 2 === 0 ? 'retire' : 'restore';
      expect((await staff.client.call('POST', `admin/offers/${key}/${action}`)).status).toBe(200);
    }
    const first = (await staff.client.call('GET', 'admin/audit')).body;
    expect(first.Entries).toHaveLength(50);
    expect(first.HasMore).toBe(true);
    expect(first.Entries[0]).toMatchObject({
      StaffEmailAddress: staff.email,
      Action: 'offer.restore',
      TargetType: 'offer',
      TargetKey: key,
      Before: { IsActive: false },
      After: { IsActive: true },
    });
    const dates = first.Entries.map((entry: { Date: string }) => entry.Date);
    expect([...dates].sort().reverse()).toEqual(dates);

    const second = (await staff.client.call('GET', `admin/audit?before=${encodeURIComponent(dates.at(-1))}`)).body;
    expect(second.HasMore).toBe(false);
    // Four more toggles, then the overview test's refund and cancellation (made at one moment: either order).
    const actions = second.Entries.map((entry: { Action: string }) => entry.Action);
    expect(actions.slice(0, 4)).toEqual(['offer.restore', 'offer.retire', 'offer.restore', 'offer.retire']);
    expect(actions.slice(4).sort()).toEqual(['invoice.refund', 'subscription.cancel']);
    expect((await staff.client.call('GET', 'admin/audit?before=yesterday')).status).toBe(400);
  });

  it('keeps entries made at the same moment on one page', async () => {
    backend.clock.advance(1000);
    // The clock stands still now: all of these share one date.
    for (let step = 0; step < 52; step++)
      await staff.client.call('POST', `admin/offers/personal-health-free/${step % 2 === 0 ? 'retire' : 'restore'}`);
    const page = (await staff.client.call('GET', 'admin/audit')).body;
    expect(page.Entries.length).toBe(52);
    expect(page.HasMore).toBe(true);
    const next = (await staff.client.call('GET', `admin/audit?before=${encodeURIComponent(page.Entries.at(-1).Date)}`)).body;
    expect(next.Entries[0].Date < page.Entries.at(-1).Date).toBe(true);
  });
});
