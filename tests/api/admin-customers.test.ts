/**
 * Customers in the console: search, detail, and suspension (sessions end, login refused with the
 * support address, renewals and their reminders wait, Stripe pauses collection), then lifting it.
 */
import { and, eq } from 'drizzle-orm';
import { auditLog, subscriptions, users } from '@/server/db/schema';
import { remindUpcomingRenewals } from '@/server/services/billing/mail';
import { renewDueManualSubscriptions } from '@/server/services/billing/renewals';
import { brand } from '@/lib/config';
import { uniqueEmail } from '../support/accounts';
import type { FakeStripe } from '../support/fake-stripe';
import { startStripeTestBackend, type StripeTestBackend } from './stripe-harness';
import {
  buyWithTestCard,
  fillCart,
  logInAgain,
  newCustomer,
  startTestBackend,
  strongPassword,
  TestClient,
  type TestBackend,
} from './harness';
import { staffClient } from './staff-harness';

const day = 24 * 60 * 60_000;

async function idOf(backend: TestBackend, email: string) {
  return (await backend.database.db.select().from(users).where(eq(users.email, email)))[0].id;
}

const logIn = (client: TestClient, email: string) =>
  client.call('POST', 'auth/login', { body: { UserName: email, Password: strongPassword, CookieConsent: null } });

describe('customers (manual payments)', () => {
  let backend: TestBackend;
  let staff: TestClient;
  let staffEmail: string;
  beforeAll(async () => {
    backend = await startTestBackend();
    ({ client: staff, email: staffEmail } = await staffClient(backend));
  });
  afterAll(() => backend.close());

  /** After the clock jumps past the staff idle limit: a fresh staff session. */
  async function freshStaff() {
    ({ client: staff, email: staffEmail } = await staffClient(backend));
  }

  it('finds accounts by part of the address or the name, ignoring case, newest first', async () => {
    const older = uniqueEmail('searchable');
    const olderClient = await newCustomer(backend, older);
    await olderClient.call('PUT', 'user/profile', { body: { DisplayName: 'Ada Lovelace' } });
    backend.clock.advance(1000);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newer = uniqueEmail('searchable');
    await newCustomer(backend, newer);

    const byAddress = await staff.call('GET', 'admin/customers?q=SEARCHABLE');
    expect(byAddress.status).toBe(200);
    expect(byAddress.body.map((row: { EmailAddress: string }) => row.EmailAddress)).toEqual([newer, older]);
    const byName = await staff.call('GET', `admin/customers?q=${encodeURIComponent('lovelace')}`);
    expect(byName.body).toEqual([
      {
        Key: await idOf(backend, older),
        EmailAddress: older,
        DisplayName: 'Ada Lovelace',
        CreatedDate: expect.any(String),
        SuspendedDate: null,
        DeletionDueDate: null,
        Role: null,
      },
    ]);
    // Everyone, at most 50, when nothing is asked.
    const everyone = await staff.call('GET', 'admin/customers');
    expect(everyone.body.length).toBeGreaterThanOrEqual(3);
    expect(everyone.body.length).toBeLessThanOrEqual(50);
  });

  it('takes % and _ literally and leaves erased accounts out', async () => {
    const underscored = `under_score-${Date.now()}@example.com`;
    await newCustomer(backend, underscored);
    const plain = `underxscore-${Date.now()}@example.com`;
    await newCustomer(backend, plain);
    const found = await staff.call('GET', `admin/customers?q=${encodeURIComponent('under_score')}`);
    expect(found.body.map((row: { EmailAddress: string }) => row.EmailAddress)).toEqual([underscored]);
    expect((await staff.call('GET', `admin/customers?q=${encodeURIComponent('%')}`)).body).toEqual([]);
    expect((await staff.call('GET', `admin/customers?q=${encodeURIComponent('\\')}`)).body).toEqual([]);

    const gone = uniqueEmail('erased');
    await newCustomer(backend, gone);
    await backend.database.db.update(users).set({ erasedAt: backend.clock.now() }).where(eq(users.email, gone));
    expect((await staff.call('GET', `admin/customers?q=${encodeURIComponent(gone)}`)).body).toEqual([]);
    expect((await staff.call('GET', `admin/customers/${await idOf(backend, gone)}`)).status).toBe(404);
    expect((await staff.call('GET', `admin/customers?q=${'x'.repeat(51)}`)).status).toBe(400);
  });

  it('shows a customer with invoices, subscriptions and live sessions', async () => {
    const email = uniqueEmail('buyer');
    const client = await newCustomer(backend, email);
    const { invoiceKey } = await buyWithTestCard(client, { 'pdf-workshop-pro-monthly': 1 });
    const detail = await staff.call('GET', `admin/customers/${await idOf(backend, email)}`);
    expect(detail.status).toBe(200);
    expect(detail.body.Customer.EmailAddress).toBe(email);
    expect(detail.body.Invoices.map((invoice: { Key: string }) => invoice.Key)).toEqual([invoiceKey]);
    expect(detail.body.Invoices[0].FullyPaidDate).toEqual(expect.any(String));
    expect(detail.body.Subscriptions).toHaveLength(1);
    expect(detail.body.Subscriptions[0]).toMatchObject({ Quantity: 1, IsActive: true, IsCancelled: false });
    expect(detail.body.Sessions).toHaveLength(1);
    // Made by the test factory, outside a browser: no device or address to name.
    expect(detail.body.Sessions[0]).toEqual({
      CreatedDate: expect.any(String),
      LastSeenDate: expect.any(String),
      ExpiresDate: expect.any(String),
      Browser: null,
      System: null,
      ClientAddress: null,
    });

    expect((await staff.call('GET', 'admin/customers/2b5f7a0e-8c1d-4f3a-9b6e-0d4c2a1f5e7b')).status).toBe(404);
    expect((await staff.call('GET', 'admin/customers/12')).status).toBe(400);
  });

  it('suspends: sessions end, login is refused with the support address, renewals and reminders wait; unsuspending restores them', async () => {
    const email = uniqueEmail('suspended');
    const client = await newCustomer(backend, email);
    await buyWithTestCard(client, { 'pdf-workshop-pro-monthly': 1 });
    await buyWithTestCard(client, { 'pdf-workshop-pro-yearly': 1 });
    const id = await idOf(backend, email);

    const suspended = await staff.call('POST', `admin/customers/${id}/suspend`);
    expect(suspended.status).toBe(200);
    expect(suspended.body.AuditKey).toEqual(expect.any(String));
    const [audit] = await backend.database.db.select().from(auditLog).where(eq(auditLog.id, suspended.body.AuditKey));
    expect(audit).toMatchObject({ staffEmail, action: 'customer.suspend', targetType: 'customer', targetId: id });
    expect((await staff.call('POST', `admin/customers/${id}/suspend`)).body.AuditKey).toBeNull();

    expect((await client.call('GET', 'billing/invoices')).status).toBe(401);
    const login = await logIn(await new TestClient(backend).prime(), email);
    expect(login.status).toBe(403);
    expect(login.body.Errors[0].Message).toBe(`This account is suspended. Please write to us at ${brand.supportEmail}.`);
    // A wrong password says nothing of the suspension.
    const wrong = await new TestClient(backend)
      .prime()
      .then((other) => other.call('POST', 'auth/login', { body: { UserName: email, Password: 'Wrong-password-9', CookieConsent: null } }));
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).not.toContain('suspended');
    // Sign-up with the address answers as for any address.
    const signup = await new TestClient(backend).prime().then((other) =>
      other.call('POST', 'auth/signup', {
        body: { UserName: email, Password: strongPassword, UserAgreedToTerms: true, CookieConsent: null },
      }),
    );
    expect(signup.status).toBe(200);
    expect(signup.body.CodeResult).toBe('show');
    expect((await staff.call('GET', `admin/customers/${id}`)).body.Sessions).toEqual([]);

    // The yearly renewal is a few days off: no reminder while suspended.
    const ownRows = () => backend.database.db.select().from(subscriptions).where(eq(subscriptions.userId, id));
    const yearly = (await ownRows()).find((row) => row.offerKey === 'pdf-workshop-pro-yearly')!;
    await backend.database.db
      .update(subscriptions)
      .set({ nextRenewalAt: new Date(backend.clock.now().getTime() + 3 * day) })
      .where(eq(subscriptions.id, yearly.id));
    await remindUpcomingRenewals(backend.deps);
    await backend.deliverMail();
    const reminders = () => backend.mail.to(email).filter((mail) => mail.subject.includes('renews on'));
    expect(reminders()).toHaveLength(0);

    // The monthly renewal comes due and waits.
    backend.clock.advance(32 * day);
    const before = (await ownRows()).length;
    await renewDueManualSubscriptions(backend.deps);
    expect((await ownRows()).length).toBe(before);

    await freshStaff();
    const lifted = await staff.call('POST', `admin/customers/${id}/unsuspend`);
    expect(lifted.status).toBe(200);
    const [liftAudit] = await backend.database.db.select().from(auditLog).where(eq(auditLog.id, lifted.body.AuditKey));
    expect(liftAudit.action).toBe('customer.unsuspend');
    expect((await staff.call('POST', `admin/customers/${id}/unsuspend`)).body.AuditKey).toBeNull();
    await logInAgain(client, email);
    expect((await client.call('GET', 'billing/invoices')).status).toBe(200);
    await renewDueManualSubscriptions(backend.deps);
    expect((await ownRows()).length).toBeGreaterThan(before);
    // And the reminder goes out again (to the period the job has just renewed it into).
    await backend.database.db
      .update(subscriptions)
      .set({ nextRenewalAt: new Date(backend.clock.now().getTime() + 3 * day) })
      .where(eq(subscriptions.previousId, yearly.id));
    await remindUpcomingRenewals(backend.deps);
    await backend.deliverMail();
    expect(reminders()).toHaveLength(1);
  });

  it('refuses to suspend oneself, a staff account or an unknown account', async () => {
    const self = await staff.call('POST', `admin/customers/${await idOf(backend, staffEmail)}/suspend`);
    expect(self.status).toBe(400);
    expect(self.body.ErrorMessages[0].Message).toBe('You cannot suspend your own account.');
    const { email: colleague } = await staffClient(backend);
    const other = await staff.call('POST', `admin/customers/${await idOf(backend, colleague)}/suspend`);
    expect(other.status).toBe(409);
    expect((await staff.call('POST', 'admin/customers/2b5f7a0e-8c1d-4f3a-9b6e-0d4c2a1f5e7b/suspend')).status).toBe(404);
    expect((await staff.call('POST', 'admin/customers/2b5f7a0e-8c1d-4f3a-9b6e-0d4c2a1f5e7b/unsuspend')).status).toBe(404);
    const rows = await backend.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.suspend'), eq(auditLog.targetId, await idOf(backend, colleague))));
    expect(rows).toEqual([]);
  });

  it('keeps customer calls invisible to customers and closed before the second factor', async () => {
    const customer = await newCustomer(backend, uniqueEmail('curious'));
    expect((await customer.call('GET', 'admin/customers')).status).toBe(404);
    expect((await customer.call('POST', `admin/customers/${await idOf(backend, staffEmail)}/suspend`)).status).toBe(404);
    const { client } = await staffClient(backend, { secondFactor: false });
    expect((await client.call('GET', 'admin/customers')).body.Data).toBe('second-factor');
  });
});

describe('customers paying through Stripe', () => {
  let stripe: FakeStripe;
  let backend: TestBackend;
  let stripeBackend: StripeTestBackend;
  beforeAll(async () => {
    stripeBackend = await startStripeTestBackend();
    ({ stripe, backend } = stripeBackend);
  });
  afterAll(() => stripeBackend.close());

  it('pauses collection at Stripe while suspended, and changes nothing when Stripe cannot be told', async () => {
    const email = uniqueEmail('paused');
    const client = await newCustomer(backend, email);
    await fillCart(client, { 'pdf-workshop-pro-monthly': 1 });
    const created = await client.call('POST', 'payment/create-stripe-session');
    const sessionId = (created.body.Value as string).split('_secret_')[0];
    const subscriptionId = stripe.complete(sessionId).subscription as string;
    await client.call('POST', 'payment/stripe-return', { body: { Value: sessionId } });
    const id = await idOf(backend, email);
    const { client: staff } = await staffClient(backend);

    stripe.failNext(1);
    const refused = await staff.call('POST', `admin/customers/${id}/suspend`);
    expect(refused.status).toBe(502);
    expect((await client.call('GET', 'billing/invoices')).status).toBe(200);

    const calls = stripe.requests.length;
    expect((await staff.call('POST', `admin/customers/${id}/suspend`)).status).toBe(200);
    expect(stripe.requests.slice(calls)).toEqual([`POST /v1/subscriptions/${subscriptionId}`]);
    expect(stripe.subscriptions.get(subscriptionId)?.pause_collection).toEqual({ behavior: 'void' });

    expect((await staff.call('POST', `admin/customers/${id}/unsuspend`)).status).toBe(200);
    expect(stripe.subscriptions.get(subscriptionId)?.pause_collection).toBeNull();
    expect((await logIn(await new TestClient(backend).prime(), email)).status).toBe(200);
  });
});
