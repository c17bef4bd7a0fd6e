/**
 * The console's global lists (invoices, payments and refunds, subscriptions): each filter,
 * the search by invoice number, billing name and email, paging, bad filters, and the
 * customer search that finds an account by its invoices.
 */
import { eq } from 'drizzle-orm';
import { listPageSize } from '@/lib/contract/admin-lists';
import { users } from '@/server/db/schema';
import { createInvoice } from '@/server/services/billing/invoices';
import { renewDueManualSubscriptions } from '@/server/services/billing/renewals';
import { texasBilling } from '../support/billing-contacts';
import { testCards } from '../support/test-cards';
import { buyWithTestCard, fillCart, newCustomer, startTestBackend, type TestBackend, type TestClient } from './harness';
import { staffClient } from './staff-harness';

let backend: TestBackend;
let staff: TestClient;
beforeAll(async () => {
  backend = await startTestBackend();
  staff = (await staffClient(backend, { passwordConfirmed: true })).client;
});
afterAll(() => backend.close());

const day = 24 * 60 * 60_000;
/** A word only this test's billing names hold, so the shared backend's other rows stay out. */
const tagOf = (label: string) => `${label}${Math.floor(Math.random() * 1e9)}`;

/** A customer billed as `name` who paid for these items with a test card; answers the invoice. */
async function buyer(email: string, name: string, items: Record<string, number>, card: string = testCards.success) {
  const client = await newCustomer(backend, email);
  const { invoiceKey } = await buyWithTestCard(client, items, card, { ...texasBilling, Name: name });
  if (!invoiceKey) throw new Error(`${email} could not buy`);
  return { client, invoiceKey };
}

const numberOf = async (invoiceKey: string) =>
  (await staff.call('GET', `admin/invoices/${invoiceKey}`)).body.Invoice.InvoiceNumber as string;
const list = async (path: string) => {
  const answer = await staff.call('GET', path);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  return answer.body;
};
const keysOf = (page: { Rows: { InvoiceKey: string }[] }) => page.Rows.map((row) => row.InvoiceKey).sort();

describe('console lists: invoices', () => {
  let tag: string;
  let paid: string, partly: string, refunded: string, unpaid: string, voided: string;
  beforeAll(async () => {
    tag = tagOf('Lister');
    paid = (await buyer('list-paid@example.com', `Ann ${tag}`, { 'pdf-workshop-pro-monthly': 1 })).invoiceKey;
    partly = (await buyer('list-partly@example.com', `Bob ${tag}`, { 'consulting-architecture-review': 1 })).invoiceKey;
    refunded = (await buyer('list-refunded@example.com', `Cid ${tag}`, { 'pdf-workshop-pro-monthly': 1 })).invoiceKey;
    expect((await staff.call('POST', `admin/invoices/${partly}/refund`, { body: { Amount: 1000 } })).status).toBe(200);
    expect((await staff.call('POST', `admin/invoices/${refunded}/refund`, { body: { Amount: 1081 } })).status).toBe(200);
    const open = await newCustomer(backend, 'list-unpaid@example.com');
    await fillCart(open, { 'pdf-workshop-pro-yearly': 1 }, { ...texasBilling, Name: `Dee ${tag}` });
    await open.call('POST', 'payment/create-manual-session');
    unpaid = (await open.call('GET', 'billing/invoices')).body[0].Key;
    const toVoid = await newCustomer(backend, 'list-void@example.com');
    await fillCart(toVoid, { 'pdf-workshop-pro-monthly': 1 }, { ...texasBilling, Name: `Eve ${tag}` });
    await toVoid.call('POST', 'payment/create-manual-session');
    voided = (await toVoid.call('GET', 'billing/invoices')).body[0].Key;
    expect((await staff.call('POST', `admin/invoices/${voided}/void`)).status).toBe(200);
  });

  it('lists every customer’s invoices with their status, customer and products', async () => {
    const page = await list(`admin/invoices?q=${tag}`);
    expect(page).toMatchObject({ Page: 1, HasMore: false });
    expect(keysOf(page)).toEqual([paid, partly, refunded, unpaid, voided].sort());
    const row = page.Rows.find((entry: { InvoiceKey: string }) => entry.InvoiceKey === partly);
    const [owner] = await backend.database.db.select().from(users).where(eq(users.email, 'list-partly@example.com'));
    expect(row).toMatchObject({
      CustomerKey: owner.id,
      CustomerEmailAddress: 'list-partly@example.com',
      BillingName: `Bob ${tag}`,
      InvoiceNumber: await numberOf(partly),
      Status: 'partially-refunded',
      Total: 162375,
      Refunded: 1000,
      Products: ['Architecture review (one week)'],
    });
  });

  it('filters by each status', async () => {
    const withStatus = async (status: string) => keysOf(await list(`admin/invoices?q=${tag}&status=${status}`));
    expect(await withStatus('paid')).toEqual([paid]);
    expect(await withStatus('partially-refunded')).toEqual([partly]);
    expect(await withStatus('refunded')).toEqual([refunded]);
    expect(await withStatus('unpaid')).toEqual([unpaid]);
    expect(await withStatus('void')).toEqual([voided]);
  });

  it('finds an invoice by its number, billing name, billing email or account email, ignoring case', async () => {
    const number = await numberOf(refunded);
    expect(keysOf(await list(`admin/invoices?q=${number}`))).toEqual([refunded]);
    expect(keysOf(await list(`admin/invoices?q=${encodeURIComponent(`cid ${tag.toLowerCase()}`)}`))).toEqual([refunded]);
    expect(keysOf(await list('admin/invoices?q=LIST-PARTLY@example'))).toEqual([partly]);
    // A percent sign is only itself, never "anything".
    expect((await list('admin/invoices?q=%25')).Rows).toEqual([]);
  });

  it('filters by product and by a range of UTC days', async () => {
    expect(keysOf(await list(`admin/invoices?q=${tag}&offer=pdf-workshop-pro-monthly`))).toEqual([paid, refunded, voided].sort());
    expect(keysOf(await list(`admin/invoices?q=${tag}&offer=pdf-workshop-pro-yearly`))).toEqual([unpaid]);
    const today = backend.clock.now().toISOString().slice(0, 10);
    const tomorrow = new Date(backend.clock.now().getTime() + day).toISOString().slice(0, 10);
    const yesterday = new Date(backend.clock.now().getTime() - day).toISOString().slice(0, 10);
    expect(await list(`admin/invoices?q=${tag}&from=${today}&to=${today}`)).toMatchObject({ Rows: { length: 5 } });
    expect((await list(`admin/invoices?q=${tag}&from=${tomorrow}`)).Rows).toEqual([]);
    expect((await list(`admin/invoices?q=${tag}&to=${yesterday}`)).Rows).toEqual([]);
  });

  it('lists payments and refunds, each with its invoice and customer, by kind', async () => {
    const all = await list(`admin/payments?q=${tag}`);
    expect(
      all.Rows.map((row: { Kind: string; Amount: number; InvoiceKey: string }) => [row.InvoiceKey, row.Kind, row.Amount]).sort(),
    ).toEqual(
      [
        [paid, 'payment', 1081],
        [partly, 'payment', 162375],
        [partly, 'refund', 1000],
        [refunded, 'payment', 1081],
        [refunded, 'refund', 1081],
      ].sort(),
    );
    const refunds = await list(`admin/payments?q=${tag}&kind=refund`);
    expect(refunds.Rows).toHaveLength(2);
    expect(refunds.Rows[0]).toMatchObject({
      Kind: 'refund',
      Provider: 'manual',
      Description: 'Refund',
      CustomerEmailAddress: expect.any(String),
    });
    const german = await staff.call('GET', `admin/payments?q=${await numberOf(partly)}&kind=payment`, {
      headers: { 'Accept-Language': 'de' },
    });
    expect(german.body.Rows).toMatchObject([{ InvoiceKey: partly, Kind: 'payment', Description: 'Kartenzahlung (Testmodus)' }]);
    expect(keysOf(await list(`admin/payments?q=${tag}&offer=consulting-architecture-review`))).toEqual([partly, partly]);
  });

  it('answers 400 to a bad filter, and 404 to anyone without a staff role', async () => {
    for (const query of [
      'status=settled',
      'from=2026-13-01',
      'from=yesterday',
      'from=2026-06-02&to=2026-06-01',
      'page=0',
      'page=two',
      'page=1.5',
      'page=100000',
      `q=${'x'.repeat(51)}`,
    ]) {
      const answer = await staff.call('GET', `admin/invoices?${query}`);
      expect([query, answer.status]).toEqual([query, 400]);
      expect(answer.body.ErrorMessages.length).toBeGreaterThan(0);
    }
    expect((await staff.call('GET', 'admin/payments?kind=chargeback')).status).toBe(400);
    expect((await staff.call('GET', 'admin/subscriptions?status=paused')).status).toBe(400);
    const wrongOrder = await staff.call('GET', 'admin/payments?from=2026-06-02&to=2026-06-01');
    expect(wrongOrder.body.ErrorMessages[0].Message).toContain('Must not be before the start');
    const customer = await newCustomer(backend, 'list-nosy@example.com');
    for (const path of ['admin/invoices', 'admin/payments', 'admin/subscriptions', 'admin/collections'])
      expect((await customer.call('GET', path)).status).toBe(404);
  });
});

describe('console lists: paging', () => {
  it('pages on the server, newest first, with a bounded page size', async () => {
    const tag = tagOf('Pager');
    await newCustomer(backend, 'list-pager@example.com');
    const [owner] = await backend.database.db.select().from(users).where(eq(users.email, 'list-pager@example.com'));
    const made: string[] = [];
    for (let index = 0; index < listPageSize + 3; index++) {
      const invoice = await createInvoice(backend.database.db, backend.clock, {
        userId: owner.id,
        email: 'list-pager@example.com',
        billing: {
          billingName: `Pat ${tag}`,
          billingAddress1: '1 Elm Street',
          billingAddress2: null,
          billingCity: 'Austin',
          billingStateCode: 'TX',
          billingPostalCode: '73301',
          billingCountryCode: 'US',
          isBusinessPurchase: false,
        },
        lines: [{ offerKey: 'pdf-workshop-pro-monthly', description: 'PDF Workshop Pro, monthly', unitPriceCents: 999, quantity: 1 }],
        taxRate: { basisPoints: 825, exempt: false },
        taxCents: 82,
        fromCart: false,
      });
      made.push(invoice.id);
    }
    const first = await list(`admin/invoices?q=${tag}`);
    expect(first).toMatchObject({ Page: 1, HasMore: true, Rows: { length: listPageSize } });
    const second = await list(`admin/invoices?q=${tag}&page=2`);
    expect(second).toMatchObject({ Page: 2, HasMore: false, Rows: { length: 3 } });
    // Same moment: the higher number is the newer.
    const listed = [...first.Rows, ...second.Rows].map((row: { InvoiceKey: string }) => row.InvoiceKey);
    expect(listed).toEqual([...made].reverse());
    expect((await list(`admin/invoices?q=${tag}&page=3`)).Rows).toEqual([]);
  });
});

describe('console lists: subscriptions', () => {
  it('lists the current period of each subscription by status: active, cancelled at period end, renewal failed, expired', async () => {
    const tag = tagOf('Subber');
    await buyer('list-sub-renews@example.com', `Ren ${tag}`, { 'pdf-workshop-pro-monthly': 1 });
    const cancels = await buyer('list-sub-cancels@example.com', `Can ${tag}`, { 'pdf-workshop-pro-monthly': 1 });
    await buyer('list-sub-fails@example.com', `Fay ${tag}`, { 'pdf-workshop-pro-monthly': 1 }, testCards.renewalFails);
    const [cancelled] = (await cancels.client.call('GET', 'license/subscriptions')).body;
    expect((await cancels.client.call('DELETE', `license/subscription/${cancelled.Key}`)).status).toBe(200);
    const statuses = async () =>
      Object.fromEntries(
        (await list(`admin/subscriptions?q=${tag}`)).Rows.map((row: { BillingName: string; Status: string }) => [
          row.BillingName.split(' ')[0],
          row.Status,
        ]),
      );
    expect(await statuses()).toEqual({ Ren: 'active', Can: 'cancelled', Fay: 'active' });
    expect((await list(`admin/subscriptions?q=${tag}&status=cancelled`)).Rows).toMatchObject([
      {
        Key: cancelled.Key,
        InvoiceKey: cancels.invoiceKey,
        CustomerEmailAddress: 'list-sub-cancels@example.com',
        Product: 'PDF Workshop Pro, monthly',
      },
    ]);

    backend.clock.advance(32 * day);
    await renewDueManualSubscriptions(backend.deps);
    staff = (await staffClient(backend, { passwordConfirmed: true })).client;
    // The renewed one shows its new period; the old one gives way to it.
    expect(await statuses()).toEqual({ Ren: 'active', Can: 'expired', Fay: 'renewal-failed' });
    expect((await list(`admin/subscriptions?q=${tag}&status=renewal-failed`)).Rows).toMatchObject([
      { CustomerEmailAddress: 'list-sub-fails@example.com' },
    ]);
    expect((await list(`admin/subscriptions?q=${tag}&offer=pdf-workshop-pro-yearly`)).Rows).toEqual([]);
    const lastWeek = new Date(backend.clock.now().getTime() - 7 * day).toISOString().slice(0, 10);
    // Dated by the start of the period: only the renewed period began within the last week.
    expect((await list(`admin/subscriptions?q=${tag}&from=${lastWeek}`)).Rows).toMatchObject([
      { BillingName: `Ren ${tag}`, Status: 'active' },
    ]);
  });
});

describe('customer search', () => {
  it('finds a customer by a billing name or an invoice number', async () => {
    const tag = tagOf('Searcher');
    const { invoiceKey } = await buyer('list-search@example.com', `Grace ${tag}`, { 'pdf-workshop-pro-monthly': 1 });
    const number = await numberOf(invoiceKey);
    const byName = await staff.call('GET', `admin/customers?q=${encodeURIComponent(`grace ${tag}`)}`);
    expect(byName.body.map((row: { EmailAddress: string }) => row.EmailAddress)).toEqual(['list-search@example.com']);
    const byNumber = await staff.call('GET', `admin/customers?q=${number}`);
    expect(byNumber.body.map((row: { EmailAddress: string }) => row.EmailAddress)).toEqual(['list-search@example.com']);
  });
});
