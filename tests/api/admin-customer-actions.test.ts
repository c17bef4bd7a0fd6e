/**
 * What staff do for one customer: internal notes, mail written to them, a receipt sent again,
 * their billing details for future invoices, and resetting a lost two-step sign-in. Each is
 * staff-only, audited in its own transaction, refuses bad input without changing anything, and
 * the billing edit and the reset need a recent password confirmation.
 */
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { brand } from '@/lib/config';
import { auditLog, customerNotes, outbox, users } from '@/server/db/schema';
import { uniqueEmail } from '../support/accounts';
import { germanBilling } from '../support/billing-contacts';
import { testCardPayment } from '../support/test-cards';
import { buyWithTestCard, fillCart, newCustomer, startTestBackend, strongPassword, TestClient, type TestBackend } from './harness';
import { markStaffSession, staffClient } from './staff-harness';

let backend: TestBackend;
let staff: TestClient;
let staffEmail: string;
beforeAll(async () => {
  backend = await startTestBackend();
  ({ client: staff, email: staffEmail } = await staffClient(backend, { passwordConfirmed: true }));
});
afterAll(() => backend.close());

const idOf = async (email: string) => (await backend.database.db.select().from(users).where(eq(users.email, email)))[0].id;
const auditEntry = async (key: string) => (await backend.database.db.select().from(auditLog).where(eq(auditLog.id, key)))[0];
const confirmPassword = () => markStaffSession(backend, staff, { secondFactor: true, passwordConfirmed: true });

async function customer(language = 'en') {
  const email = uniqueEmail('care');
  const client = await newCustomer(backend, email);
  await backend.database.db.update(users).set({ language }).where(eq(users.email, email));
  return { client, email, id: await idOf(email) };
}

async function mailsTo(address: string) {
  while ((await backend.deliverMail()) > 0);
  return backend.mail.to(address);
}

describe('console: acting for a customer', () => {
  it('does not exist for a customer; asks for the second factor first', async () => {
    const other = await customer();
    const { client } = await customer();
    const calls: [string, string, object?][] = [
      ['GET', `admin/customers/${other.id}/notes`],
      ['POST', `admin/customers/${other.id}/notes`, { Body: 'x' }],
      ['GET', `admin/customers/${other.id}/messages`],
      ['POST', `admin/customers/${other.id}/messages`, { Subject: 'x', Body: 'y' }],
      ['GET', `admin/customers/${other.id}/account`],
      ['PUT', `admin/customers/${other.id}/billing`, { BillingInfo: germanBilling }],
      ['POST', `admin/customers/${other.id}/two-step/reset`],
      ['POST', `admin/invoices/${other.id}/resend-receipt`],
    ];
    const { client: unverified } = await staffClient(backend, { secondFactor: false });
    for (const [method, path, body] of calls) {
      expect([path, (await client.call(method, path, { body })).status]).toEqual([path, 404]);
      expect([path, (await unverified.call(method, path, { body })).status]).toEqual([path, 403]);
    }
  });

  it('keeps internal notes, newest first, each with an audit entry; the customer never sees them', async () => {
    const { client, id } = await customer();
    const first = await staff.call('POST', `admin/customers/${id}/notes`, {
      body: { Body: '  Called about the invoice.\nWill pay Friday. ' },
    });
    expect(first.status).toBe(200);
    backend.clock.advance(1000);
    const second = await staff.call('POST', `admin/customers/${id}/notes`, { body: { Body: 'Paid.' } });
    const listed = await staff.call('GET', `admin/customers/${id}/notes`);
    expect(listed.headers.get('Cache-Control')).toBe('no-store');
    expect(listed.body.Notes).toEqual([
      { Key: expect.any(String), Body: 'Paid.', StaffEmailAddress: staffEmail, CreatedDate: expect.any(String) },
      {
        Key: expect.any(String),
        Body: 'Called about the invoice.\nWill pay Friday.',
        StaffEmailAddress: staffEmail,
        CreatedDate: expect.any(String),
      },
    ]);
    expect(await auditEntry(second.body.AuditKey)).toMatchObject({
      action: 'customer.note',
      targetType: 'customer',
      targetId: id,
      staffEmail,
      after: { body: 'Paid.' },
    });
    expect((await client.call('GET', `admin/customers/${id}/notes`)).status).toBe(404);
  });

  it('refuses a bad note and an unknown customer without storing anything', async () => {
    const { id } = await customer();
    const before = await backend.rowCount(customerNotes);
    for (const body of [{ Body: '   ' }, { Body: 'x'.repeat(2001) }, {}, { Body: 5 }]) {
      expect((await staff.call('POST', `admin/customers/${id}/notes`, { body })).status).toBe(400);
    }
    expect((await staff.call('POST', `admin/customers/not-a-uuid/notes`, { body: { Body: 'x' } })).status).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await staff.call('POST', `admin/customers/${unknown}/notes`, { body: { Body: 'x' } })).status).toBe(404);
    expect((await staff.call('GET', `admin/customers/${unknown}/notes`)).status).toBe(404);
    expect(await backend.rowCount(customerNotes)).toBe(before);
  });

  it('writes to a customer through the outbox in their language, logged and listed as sent', async () => {
    const { email, id } = await customer('de');
    const sent = await staff.call('POST', `admin/customers/${id}/messages`, {
      body: { Subject: ' Ihre Lizenzschlüssel ', Body: 'Hallo,\ndie Schlüssel sind jetzt da.' },
    });
    expect(sent.status).toBe(200);
    expect(await auditEntry(sent.body.AuditKey)).toMatchObject({
      action: 'customer.message',
      targetId: id,
      after: { to: email, subject: 'Ihre Lizenzschlüssel', body: 'Hallo,\ndie Schlüssel sind jetzt da.' },
    });
    const queued = (await staff.call('GET', `admin/customers/${id}/messages`)).body.Messages;
    expect(queued).toEqual([
      {
        Key: sent.body.AuditKey,
        Subject: 'Ihre Lizenzschlüssel',
        Body: 'Hallo,\ndie Schlüssel sind jetzt da.',
        StaffEmailAddress: staffEmail,
        CreatedDate: expect.any(String),
        Delivery: 'queued',
      },
    ]);
    const [mail] = await mailsTo(email);
    expect(mail.subject).toBe('Ihre Lizenzschlüssel');
    expect(mail.text).toContain('die Schlüssel sind jetzt da.');
    expect(mail.text).toContain('Hallo,');
    expect(mail.replyTo).toBe(brand.supportEmail);
    expect((await staff.call('GET', `admin/customers/${id}/messages`)).body.Messages[0].Delivery).toBe('sent');
  });

  it('refuses a message without subject or body, or too long, and queues nothing', async () => {
    const { id } = await customer();
    const before = await backend.rowCount(outbox);
    for (const body of [
      { Subject: '', Body: 'x' },
      { Subject: 'x', Body: ' ' },
      { Subject: 'x'.repeat(151), Body: 'x' },
      { Subject: 'x' },
    ]) {
      expect((await staff.call('POST', `admin/customers/${id}/messages`, { body })).status).toBe(400);
    }
    expect(await backend.rowCount(outbox)).toBe(before);
    expect((await staff.call('GET', `admin/customers/${id}/messages`)).body.Messages).toEqual([]);
  });

  it('resends the receipt of a paid invoice with its PDF, each time; not of an unpaid one', async () => {
    const { client, email } = await customer();
    const { invoiceKey } = await buyWithTestCard(client, { 'pdf-workshop-pro-monthly': 1 });
    expect(await mailsTo(email)).toHaveLength(1);
    for (let n = 0; n < 2; n++) {
      const resent = await staff.call('POST', `admin/invoices/${invoiceKey}/resend-receipt`);
      expect(resent.status).toBe(200);
      expect(await auditEntry(resent.body.AuditKey)).toMatchObject({ action: 'invoice.receipt.resend', targetId: invoiceKey });
    }
    const receipts = await mailsTo(email);
    expect(receipts).toHaveLength(3);
    expect(new Set(receipts.map((mail) => mail.subject)).size).toBe(1);
    expect(receipts[2].attachments.map((file) => file.contentType)).toEqual(['application/pdf']);

    await fillCart(client, { 'pdf-workshop-pro-yearly': 1 });
    await client.call('POST', 'payment/create-manual-session');
    const [open] = (await client.call('GET', 'billing/invoices')).body.filter((invoice: { IsPaid: boolean }) => !invoice.IsPaid);
    expect((await staff.call('POST', `admin/invoices/${open.Key}/resend-receipt`)).status).toBe(409);
    expect((await staff.call('POST', `admin/invoices/00000000-0000-4000-8000-000000000000/resend-receipt`)).status).toBe(404);
    expect(await mailsTo(email)).toHaveLength(3);
  });

  it('edits the billing details the next invoice is made with, after a password confirmation', async () => {
    const { client, id } = await customer();
    await fillCart(client, { 'pdf-workshop-pro-monthly': 1 });
    expect((await staff.call('GET', `admin/customers/${id}/account`)).body).toMatchObject({
      Billing: { Name: 'Ann Smith', StateCode: 'TX', CountryCode: 'US' },
      TwoStepEnabled: false,
    });

    await markStaffSession(backend, staff, { secondFactor: true, passwordConfirmed: false });
    const unconfirmed = await staff.call('PUT', `admin/customers/${id}/billing`, { body: { BillingInfo: germanBilling } });
    expect(unconfirmed.status).toBe(403);
    expect(unconfirmed.body.Data).toBe('confirm-password');
    await confirmPassword();

    const business = { ...germanBilling, IsBusinessPurchase: true, CompanyName: 'Schmidt GmbH', TaxId: 'DE123456789' };
    const changed = await staff.call('PUT', `admin/customers/${id}/billing`, { body: { BillingInfo: business } });
    expect(changed.status).toBe(200);
    expect(await auditEntry(changed.body.AuditKey)).toMatchObject({
      action: 'customer.billing.change',
      before: { Name: 'Ann Smith', StateCode: 'TX' },
      after: { Name: 'Anna Schmidt', CountryCode: 'DE', CompanyName: 'Schmidt GmbH', TaxId: 'DE123456789' },
    });
    expect((await staff.call('GET', `admin/customers/${id}/account`)).body.Billing).toMatchObject({
      Name: 'Anna Schmidt',
      CountryCode: 'DE',
    });

    // The customer's next checkout, keeping the billing the server has, is billed to the new details.
    const cart = await client.call('PUT', 'store/cart', {
      body: { Items: [{ ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: 1 }], BillingInfo: null, IsAddition: false },
    });
    expect(cart.body).toMatchObject({ BillingName: 'Anna Schmidt', BillingCompanyName: 'Schmidt GmbH', TaxTotalAmount: 0 });
    const session = await client.call('POST', 'payment/create-manual-session');
    const paid = await client.call('POST', 'payment/manual/pay', { body: testCardPayment(session.body.Value) });
    const returned = await client.call('POST', 'payment/manual-return', { body: { Value: paid.body.SessionId } });
    const invoice = (await client.call('GET', `billing/invoice/${returned.body.InvoiceKey}`)).body;
    expect(invoice).toMatchObject({ BillingName: 'Anna Schmidt', BillingCompanyName: 'Schmidt GmbH', TaxTotalAmount: 0 });
  });

  it('refuses bad billing details with the cart’s own rules and changes nothing', async () => {
    const { client, id } = await customer();
    await fillCart(client, { 'pdf-workshop-pro-monthly': 1 });
    await confirmPassword();
    const texan = { Name: 'Ann Smith', Address1: '1 Main', City: 'Plano', PostalCode: '75024', CountryCode: 'US' };
    for (const BillingInfo of [
      { ...texan, StateCode: null },
      { ...texan, StateCode: 'TX', PostalCode: 'ABC' },
      { ...texan, StateCode: 'ZZ' },
      { ...texan, CountryCode: 'XX' },
      { ...texan, StateCode: 'TX', Name: '' },
    ]) {
      const refused = await staff.call('PUT', `admin/customers/${id}/billing`, { body: { BillingInfo } });
      expect([BillingInfo, refused.status]).toEqual([BillingInfo, 400]);
    }
    expect((await staff.call('GET', `admin/customers/${id}/account`)).body.Billing).toMatchObject({
      Name: 'Ann Smith',
      Address1: '100 Main Street',
    });
  });

  it('resets a lost two-step sign-in after a password confirmation: sessions end, the customer is told', async () => {
    const { client, email, id } = await customer('ru');
    const started = await client.call('POST', 'user/second-factor/start');
    const code = await generate({ secret: started.body.Secret, epoch: Math.floor(backend.clock.now().getTime() / 1000) });
    expect((await client.call('POST', 'user/second-factor/confirm', { body: { Code: code } })).status).toBe(200);
    expect((await staff.call('GET', `admin/customers/${id}/account`)).body.TwoStepEnabled).toBe(true);
    await mailsTo(email);

    await markStaffSession(backend, staff, { secondFactor: true, passwordConfirmed: false });
    expect((await staff.call('POST', `admin/customers/${id}/two-step/reset`)).body.Data).toBe('confirm-password');
    await confirmPassword();
    const reset = await staff.call('POST', `admin/customers/${id}/two-step/reset`);
    expect(reset.status).toBe(200);
    expect(await auditEntry(reset.body.AuditKey)).toMatchObject({
      action: 'customer.two-step.reset',
      targetId: id,
      after: { twoStep: false },
    });
    expect((await staff.call('GET', `admin/customers/${id}/account`)).body.TwoStepEnabled).toBe(false);
    expect((await client.call('GET', 'billing/invoices')).status).toBe(401);
    expect((await mailsTo(email)).at(-1)?.subject).toBe(`Двухэтапный вход в ${brand.product} выключен`);
    // The password alone logs in again.
    const browser = await new TestClient(backend).prime();
    const login = await browser.call('POST', 'auth/login', { body: { UserName: email, Password: strongPassword, CookieConsent: null } });
    expect(login.status).toBe(200);
    expect(login.body.SecondFactor ?? null).toBeNull();
    expect(login.body.SessionInfo).not.toBeNull();

    expect((await staff.call('POST', `admin/customers/${id}/two-step/reset`)).status).toBe(409);
    const colleague = await idOf(staffEmail);
    expect((await staff.call('POST', `admin/customers/${colleague}/two-step/reset`)).status).toBe(409);
  });
});
