/**
 * Chasing money from the console: the list of what is owed with its age, payment reminders
 * (mail in the customer's language, audit, throttle) and retried charges, with the offline
 * provider and with Stripe (a local fake of its API).
 */
import { and, eq } from 'drizzle-orm';
import { reminderIntervalMs } from '@/lib/contract/admin-lists';
import { auditLog, invoices, payments, users } from '@/server/db/schema';
import { renewDueManualSubscriptions } from '@/server/services/billing/renewals';
import type { FakeStripe } from '../support/fake-stripe';
import { testCardPayment, testCards } from '../support/test-cards';
import { buyWithTestCard, fillCart, logInAgain, newCustomer, startTestBackend, type TestBackend, type TestClient } from './harness';
import { markStaffSession, staffClient } from './staff-harness';
import { startStripeTestBackend, type StripeTestBackend } from './stripe-harness';

const day = 24 * 60 * 60_000;

interface OwedRow {
  Kind: string;
  Key: string;
  InvoiceKey: string;
  AgeDays: number;
  ReminderCount: number;
}

/** Every mail sent to an address so far whose subject matches. */
async function mailsTo(on: TestBackend, address: string, subject: RegExp) {
  while ((await on.deliverMail()) > 0);
  return on.mail.to(address).filter((mail) => subject.test(mail.subject));
}

const auditOf = async (on: TestBackend, key: string) => (await on.database.db.select().from(auditLog).where(eq(auditLog.id, key)))[0];
const owed = async (staff: TestClient): Promise<OwedRow[]> => {
  const answer = await staff.call('GET', 'admin/collections');
  expect(answer.status).toBe(200);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  return answer.body.Rows;
};

describe('money owed, offline provider', () => {
  let backend: TestBackend;
  let staff: TestClient;
  let customer: TestClient;
  let renewalInvoice: string;
  const email = 'owed-manual@example.com';
  beforeAll(async () => {
    backend = await startTestBackend();
    customer = await newCustomer(backend, email);
    // The customer last used the site in German: the reminder comes in German.
    await customer.call('GET', 'auth/session-info', { headers: { 'Accept-Language': 'de' } });
    await buyWithTestCard(customer, { 'pdf-workshop-pro-monthly': 1 }, testCards.renewalFails);
    backend.clock.advance(32 * day);
    await renewDueManualSubscriptions(backend.deps);
    backend.clock.advance(2 * day);
    await logInAgain(customer, email);
    renewalInvoice = (await customer.call('GET', 'license/subscriptions')).body[0].InvoiceKey;
    staff = (await staffClient(backend, { passwordConfirmed: true })).client;
  });
  afterAll(() => backend.close());

  it('lists a failed renewal’s unpaid invoice with its age, and leaves a cart’s open checkout out', async () => {
    const [user] = await backend.database.db.select().from(users).where(eq(users.email, email));
    const browsing = await newCustomer(backend, 'owed-browsing@example.com');
    await fillCart(browsing, { 'pdf-workshop-pro-yearly': 1 });
    await browsing.call('POST', 'payment/create-manual-session');
    const cartInvoice = (await browsing.call('GET', 'billing/invoices')).body[0].Key;
    expect(await owed(staff)).toMatchObject([
      {
        Kind: 'invoice',
        Key: renewalInvoice,
        InvoiceKey: renewalInvoice,
        CustomerKey: user.id,
        CustomerEmailAddress: email,
        BillingName: 'Ann Smith',
        Amount: 1081,
        AgeDays: 2,
        IsRenewal: true,
        Provider: 'manual',
        LastReminderDate: null,
        ReminderCount: 0,
      },
    ]);
    expect((await staff.call('POST', `admin/collections/invoice/${cartInvoice}/remind`)).status).toBe(404);
  });

  it('mails a reminder in the customer’s language with the invoice and how to pay, audited, and refuses a second one within minutes', async () => {
    const reminded = await staff.call('POST', `admin/collections/invoice/${renewalInvoice}/remind`);
    expect(reminded.status).toBe(200);
    const [invoice] = await backend.database.db.select().from(invoices).where(eq(invoices.id, renewalInvoice));
    expect(invoice).toMatchObject({ reminderCount: 1, lastReminderAt: backend.clock.now() });
    expect(await auditOf(backend, reminded.body.AuditKey)).toMatchObject({
      action: 'invoice.remind',
      targetType: 'invoice',
      targetId: renewalInvoice,
      before: { ReminderCount: 0 },
      after: { ReminderCount: 1, InvoiceNumber: invoice.number },
    });
    const [mail, ...more] = await mailsTo(backend, email, /Erinnerung/);
    expect(more).toEqual([]);
    expect(mail.subject).toBe(`Erinnerung: Ihre Bluebonnet-Rechnung ${invoice.number} ist noch offen`);
    expect(mail.text).toContain('$10.81');
    expect(mail.text).toContain('ist noch nicht bezahlt');
    expect(mail.html).toContain(`/de/store/checkout?invoice=${renewalInvoice}`);
    expect(mail.html).toContain('/de/account/billing/card');

    // A double click: the second is refused, and nothing more is sent.
    const again = await staff.call('POST', `admin/collections/invoice/${renewalInvoice}/remind`);
    expect(again.status).toBe(409);
    expect(again.body.ErrorMessages[0].Message).toBe('A reminder was sent less than 10 minutes ago. Please wait before sending another.');
    expect(await mailsTo(backend, email, /Erinnerung/)).toHaveLength(1);

    backend.clock.advance(reminderIntervalMs + 60_000);
    expect((await staff.call('POST', `admin/collections/invoice/${renewalInvoice}/remind`)).status).toBe(200);
    expect(await mailsTo(backend, email, /Erinnerung/)).toHaveLength(2);
    expect((await owed(staff))[0]).toMatchObject({ ReminderCount: 2, LastReminderDate: backend.clock.now().toISOString() });
  });

  it('retries the charge only after a password confirmation; the declining card on file stays declined, a new card pays', async () => {
    const { client: unconfirmed } = await staffClient(backend);
    const refused = await unconfirmed.call('POST', `admin/collections/invoice/${renewalInvoice}/retry`);
    expect(refused.status).toBe(403);
    expect(refused.body.Data).toBe('confirm-password');

    await markStaffSession(backend, staff, { secondFactor: true, passwordConfirmed: true });
    const declined = await staff.call('POST', `admin/collections/invoice/${renewalInvoice}/retry`);
    expect(declined.status).toBe(200);
    expect(declined.body.Paid).toBe(false);
    expect(await auditOf(backend, declined.body.AuditKey)).toMatchObject({
      action: 'invoice.retry-charge',
      targetId: renewalInvoice,
      after: { Paid: false, Provider: 'manual' },
    });
    expect(await backend.database.db.select().from(payments).where(eq(payments.invoiceId, renewalInvoice))).toEqual([]);

    const { Cvc, CardNumber, Expiry } = testCardPayment('', testCards.success);
    expect((await customer.call('POST', 'billing/card/manual', { body: { CardNumber, Expiry, Cvc } })).body.Status).toBe('saved');
    const charged = await staff.call('POST', `admin/collections/invoice/${renewalInvoice}/retry`);
    expect(charged.body).toMatchObject({ Paid: true });
    expect(await auditOf(backend, charged.body.AuditKey)).toMatchObject({ after: { Paid: true, Provider: 'manual' } });
    const shown = (await customer.call('GET', `billing/invoice/${renewalInvoice}`)).body;
    expect(shown.FullyPaidDate).toBe(backend.clock.now().toISOString());
    const [continued] = (await customer.call('GET', 'license/subscriptions')).body;
    expect(continued).toMatchObject({ IsActive: true, RenewalFailed: false, InvoiceKey: renewalInvoice });
    const number = (await backend.database.db.select().from(invoices).where(eq(invoices.id, renewalInvoice)))[0].number;
    expect(await mailsTo(backend, email, new RegExp(`^Zahlungsbeleg .*${number}`))).toHaveLength(1);
    expect(await owed(staff)).toEqual([]);
    expect((await staff.call('POST', `admin/collections/invoice/${renewalInvoice}/retry`)).status).toBe(404);
    expect((await staff.call('POST', `admin/collections/invoice/${renewalInvoice}/remind`)).status).toBe(404);
  });

  it('answers 400 to a bad kind or id, and 404 to anyone without a staff role', async () => {
    expect((await staff.call('POST', `admin/collections/cart/${renewalInvoice}/remind`)).status).toBe(400);
    expect((await staff.call('POST', 'admin/collections/invoice/not-a-uuid/remind')).status).toBe(400);
    expect((await staff.call('GET', 'admin/collections?page=0')).status).toBe(400);
    const nosy = await newCustomer(backend, 'owed-nosy@example.com');
    expect((await nosy.call('GET', 'admin/collections')).status).toBe(404);
    expect((await nosy.call('POST', `admin/collections/invoice/${renewalInvoice}/remind`)).status).toBe(404);
    expect((await nosy.call('POST', `admin/collections/invoice/${renewalInvoice}/retry`)).status).toBe(404);
  });
});

describe('money owed, Stripe (against the local fake Stripe API)', () => {
  let stripeSide: StripeTestBackend;
  let stripe: FakeStripe;
  let backend: TestBackend;
  let staff: TestClient;
  beforeAll(async () => {
    stripeSide = await startStripeTestBackend();
    ({ stripe, backend } = stripeSide);
    staff = (await staffClient(backend, { passwordConfirmed: true })).client;
  });
  afterAll(() => stripeSide.close());

  /** A customer whose Stripe subscription's renewal charge failed; answers Stripe's open invoice. */
  async function failedRenewal(email: string) {
    const client = await newCustomer(backend, email);
    await fillCart(client, { 'pdf-workshop-pro-monthly': 1 });
    const created = await client.call('POST', 'payment/create-stripe-session');
    const sessionId = String(created.body.Value).split('_secret_')[0];
    const session = stripe.complete(sessionId);
    expect((await client.call('POST', 'payment/stripe-return', { body: { Value: sessionId } })).body.Status).toBe('complete');
    const open = stripe.failRenewal(String(session.subscription), 1081);
    expect((await stripeSide.deliver('invoice.payment_failed', open)).status).toBe(200);
    const [subscription] = (await client.call('GET', 'license/subscriptions')).body;
    expect(subscription.RenewalFailed).toBe(true);
    return { client, open, subscription };
  }

  it('lists the failed renewal, mails a reminder that pays at Stripe, and retries the charge at Stripe', async () => {
    const email = 'owed-stripe@example.com';
    const { client, open, subscription } = await failedRenewal(email);
    expect(await owed(staff)).toMatchObject([
      { Kind: 'renewal', Key: subscription.Key, Provider: 'stripe', Amount: 1081, IsRenewal: true, ReminderCount: 0 },
    ]);

    const reminded = await staff.call('POST', `admin/collections/renewal/${subscription.Key}/remind`);
    expect(reminded.status).toBe(200);
    expect(await auditOf(backend, reminded.body.AuditKey)).toMatchObject({
      action: 'invoice.remind',
      targetType: 'subscription',
      after: { ReminderCount: 1, InvoiceNumber: open.number },
    });
    const [mail] = await mailsTo(backend, email, /^Reminder/);
    expect(mail.subject).toBe(`Reminder: your Bluebonnet invoice ${open.number} is unpaid`);
    expect(mail.html).toContain(`href="${open.hosted_invoice_url}"`);
    expect((await staff.call('POST', `admin/collections/renewal/${subscription.Key}/remind`)).status).toBe(409);

    stripe.declineNextCharge();
    const declined = await staff.call('POST', `admin/collections/renewal/${subscription.Key}/retry`);
    expect(declined.body).toMatchObject({ Paid: false });
    expect(await auditOf(backend, declined.body.AuditKey)).toMatchObject({ after: { Paid: false, Provider: 'stripe' } });
    expect(stripe.invoices.get(open.id)?.status).toBe('open');

    stripe.failNext(1);
    expect((await staff.call('POST', `admin/collections/renewal/${subscription.Key}/retry`)).status).toBe(502);

    const charged = await staff.call('POST', `admin/collections/renewal/${subscription.Key}/retry`);
    expect(charged.body).toMatchObject({ Paid: true });
    expect(stripe.invoices.get(open.id)?.status).toBe('paid');
    // The next period follows the lapsed one, until the end Stripe's paid invoice names.
    const periods: { Key: string }[] = (await client.call('GET', 'license/subscriptions')).body;
    expect(periods.find((row) => row.Key !== subscription.Key)).toMatchObject({
      RenewalFailed: false,
      EffectiveDate: subscription.ExpirationDate,
      ExpirationDate: new Date(open.lines.data[0].period.end * 1000).toISOString(),
    });
    expect(periods.find((row) => row.Key === subscription.Key)).toMatchObject({ IsRenewed: true, RenewalFailed: false });
    const paidHere = await backend.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, 'stripe'), eq(payments.providerRef, open.id)));
    expect(paidHere).toHaveLength(1);
    expect(await owed(staff)).toEqual([]);

    // Stripe's own report of the payment, when it comes, finds it recorded: no second renewal.
    const invoicesBefore = (await client.call('GET', 'billing/invoices')).body.length;
    expect((await stripeSide.deliver('invoice.paid', { ...stripe.invoices.get(open.id)! })).status).toBe(200);
    expect((await client.call('GET', 'billing/invoices')).body).toHaveLength(invoicesBefore);
    expect((await client.call('GET', 'license/subscriptions')).body).toHaveLength(2);
    expect((await staff.call('POST', `admin/collections/renewal/${subscription.Key}/retry`)).status).toBe(404);
  });
});
