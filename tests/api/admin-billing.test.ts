/**
 * The console's invoice and subscription calls: reading any invoice, voiding, refunds (with
 * their password confirmation) and staff cancellations, each with its refusals and its audit
 * entry, on the manual provider and then on Stripe (a local fake of its API).
 */
import { eq } from 'drizzle-orm';
import { passwordConfirmationMs } from '@/lib/contract/admin';
import type { Invoice } from '@/lib/contract/billing';
import { invoiceStatus } from '@/lib/contract/presentation';
import { auditLog, payments } from '@/server/db/schema';
import { renewDueManualSubscriptions } from '@/server/services/billing/renewals';
import type { FakeStripe } from '../support/fake-stripe';
import { pdfText } from '../support/pdf-text';
import { testCardPayment, testCards } from '../support/test-cards';
import {
  buyWithTestCard,
  fillCart,
  logInAgain,
  metricValue,
  newCustomer,
  startTestBackend,
  type TestBackend,
  type TestClient,
} from './harness';
import { markStaffSession, staffClient } from './staff-harness';
import { startStripeTestBackend, type StripeTestBackend } from './stripe-harness';

let backend: TestBackend;
let staff: TestClient;
beforeAll(async () => {
  backend = await startTestBackend();
  staff = (await staffClient(backend, { passwordConfirmed: true })).client;
});
afterAll(() => backend.close());

const day = 24 * 60 * 60_000;

async function buyer(email: string, items: Record<string, number>, cardNumber: string = testCards.success) {
  const client = await newCustomer(backend, email);
  const { invoiceKey } = await buyWithTestCard(client, items, cardNumber);
  if (!invoiceKey) throw new Error(`${email} could not buy`);
  return { client, invoiceKey };
}

/** A fresh password confirmation for the shared staff session (a test may have let it go stale). */
const confirmPassword = () => markStaffSession(backend, staff, { secondFactor: true, passwordConfirmed: true });

const auditEntry = async (key: string) => (await backend.database.db.select().from(auditLog).where(eq(auditLog.id, key)))[0];

/** Every mail sent to an address so far whose subject matches. */
async function mailsTo(on: TestBackend, address: string, subject: RegExp) {
  while ((await on.deliverMail()) > 0);
  return on.mail.to(address).filter((mail) => subject.test(mail.subject));
}

/** The status the customer sees of an invoice, in its own page and in the list. */
async function statusesOf(client: TestClient, invoiceKey: string) {
  const shown: Invoice = (await client.call('GET', `billing/invoice/${invoiceKey}`)).body;
  const listed = ((await client.call('GET', 'billing/invoices')).body as Invoice[]).find((invoice) => invoice.Key === invoiceKey)!;
  return [invoiceStatus(shown), invoiceStatus(listed)];
}

describe('console: invoices', () => {
  it('does not exist for a customer', async () => {
    const { client, invoiceKey } = await buyer('adm-bill-customer@example.com', { 'pdf-workshop-pro-monthly': 1 });
    expect((await client.call('GET', `admin/invoices/${invoiceKey}`)).status).toBe(404);
    expect((await client.call('POST', `admin/invoices/${invoiceKey}/void`)).status).toBe(404);
    expect((await client.call('POST', `admin/invoices/${invoiceKey}/refund`, { body: { Amount: 100 } })).status).toBe(404);
    const [subscription] = (await client.call('GET', 'license/subscriptions')).body;
    const cancel = await client.call('POST', `admin/subscriptions/${subscription.Key}/cancel`, { body: { When: 'now' } });
    expect(cancel.status).toBe(404);
  });

  it('shows any customer’s invoice in the caller’s language with its owner and what can be refunded', async () => {
    const { invoiceKey } = await buyer('adm-bill-read@example.com', { 'pdf-workshop-pro-yearly': 1 });
    const shown = await staff.call('GET', `admin/invoices/${invoiceKey}`, { headers: { 'Accept-Language': 'de' } });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      Invoice: { Key: invoiceKey, TotalAmount: 10717, LineItems: [{ Description: 'PDF Workshop Pro, jährlich' }] },
      CustomerEmailAddress: 'adm-bill-read@example.com',
      CustomerKey: expect.any(String),
      Provider: 'manual',
      Refundable: 10717,
    });
    expect((await staff.call('GET', 'admin/invoices/5b0c9c52-8f5e-4a6e-9d9e-1f2a3b4c5d6e')).status).toBe(404);
    expect((await staff.call('GET', 'admin/invoices/not-a-uuid')).status).toBe(400);
  });

  it('refuses to void a paid invoice', async () => {
    const { invoiceKey } = await buyer('adm-void-paid@example.com', { 'pdf-workshop-pro-monthly': 1 });
    const refused = await staff.call('POST', `admin/invoices/${invoiceKey}/void`);
    expect(refused.status).toBe(409);
    expect(refused.body.ErrorMessages[0].Message).toBe('Only an unpaid invoice can be voided.');
  });

  it('voids an unpaid invoice: the customer sees VOID, its checkout no longer pays, the cart gets a new invoice', async () => {
    const client = await newCustomer(backend, 'adm-void@example.com');
    await fillCart(client, { 'pdf-workshop-pro-monthly': 1 });
    const session = await client.call('POST', 'payment/create-manual-session');
    const [unpaid] = (await client.call('GET', 'billing/invoices')).body;
    const tooLong = await staff.call('POST', `admin/invoices/${unpaid.Key}/void`, { body: { Reason: 'x'.repeat(201) } });
    expect(tooLong.status).toBe(400);
    const voided = await staff.call('POST', `admin/invoices/${unpaid.Key}/void`, { body: { Reason: 'Ordered by mistake' } });
    expect(voided.status).toBe(200);
    expect(voided.body).toEqual({ ErrorMessages: [], AuditKey: expect.any(String) });
    expect(await auditEntry(voided.body.AuditKey)).toMatchObject({
      action: 'invoice.void',
      targetType: 'invoice',
      targetId: unpaid.Key,
      before: { IsVoid: false },
      after: { IsVoid: true, Reason: 'Ordered by mistake' },
    });

    const shown = (await client.call('GET', `billing/invoice/${unpaid.Key}`)).body;
    expect(shown).toMatchObject({ IsVoid: true, TotalAmountDue: 0, FullyPaidDate: null });
    // The credit: the whole invoice, the day it was voided and why.
    expect(shown.Credits).toEqual([
      { Kind: 'void', DateTime: backend.clock.now().toISOString(), Amount: 1081, Reason: 'Ordered by mistake' },
    ]);
    expect(await statusesOf(client, unpaid.Key)).toEqual(['void', 'void']);
    const [told, ...again] = await mailsTo(backend, 'adm-void@example.com', /was voided/);
    expect(again).toEqual([]);
    expect(told.subject).toBe(`Your Bluebonnet invoice ${unpaid.InvoiceNumber} was voided`);
    expect(told.text).toMatch(/Amount\s+\$10\.81/);
    expect(told.text).toMatch(/Reason\s+Ordered by mistake/);
    expect(told.html).toContain(`/en/account/billing/invoice/${unpaid.Key}"`);
    // The checkout opened before the void, and Pay Now, are both refused.
    const paid = await client.call('POST', 'payment/manual/pay', { body: testCardPayment(session.body.Value) });
    expect(paid.status).toBe(400);
    expect((await client.call('POST', `payment/create-manual-session?invoice=${unpaid.Key}`)).status).toBe(400);
    expect(await backend.rowCount(payments)).toBeGreaterThan(0);
    expect(await backend.database.db.select().from(payments).where(eq(payments.invoiceId, unpaid.Key))).toEqual([]);

    // The cart's next checkout bills it on a new invoice with the next number.
    const next = await buyWithTestCard(client, { 'pdf-workshop-pro-monthly': 1 });
    expect(next.invoiceKey).not.toBe(unpaid.Key);
    const renumbered = (await client.call('GET', `billing/invoice/${next.invoiceKey}`)).body;
    expect(renumbered.InvoiceNumber > unpaid.InvoiceNumber).toBe(true);
    const pdf = await backend.app.request(`/api/billing/invoice-pdf/${unpaid.Key}/download`, {
      headers: { Cookie: `sid=${client.cookie('sid')}` },
    });
    const voidPdf = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(voidPdf).toContain('VOID');
    expect(voidPdf).toContain('Credits');
    expect(voidPdf).toContain('Invoice voided');
    expect(voidPdf).toContain('Reason: Ordered by mistake');
    expect(voidPdf).toContain('-$10.81');
    expect((await staff.call('POST', `admin/invoices/${unpaid.Key}/void`)).status).toBe(409);
    expect(await mailsTo(backend, 'adm-void@example.com', /was voided/)).toHaveLength(1);
  });

  it('voids without a reason, and tells a German customer in German', async () => {
    const client = await newCustomer(backend, 'adm-void-de@example.com');
    await client.call('GET', 'auth/session-info', { headers: { 'Accept-Language': 'de' } });
    await fillCart(client, { 'pdf-workshop-pro-monthly': 1 });
    await client.call('POST', 'payment/create-manual-session');
    const [unpaid] = (await client.call('GET', 'billing/invoices')).body;
    expect((await staff.call('POST', `admin/invoices/${unpaid.Key}/void`)).status).toBe(200);
    const shown = (await client.call('GET', `billing/invoice/${unpaid.Key}`, { headers: { 'Accept-Language': 'de' } })).body;
    expect(shown.Credits).toMatchObject([{ Kind: 'void', Amount: 1081, Reason: null }]);
    const [told, ...again] = await mailsTo(backend, 'adm-void-de@example.com', /storniert/);
    expect(again).toEqual([]);
    expect(told.subject).toBe(`Ihre Bluebonnet-Rechnung ${unpaid.InvoiceNumber} wurde storniert`);
    expect(told.text).toContain('Sie schulden diesen Betrag nicht');
    expect(told.text).not.toContain('Grund');
  });

  it('voids a failed renewal’s invoice: the subscription stays lapsed, with no Pay Now', async () => {
    const { client } = await buyer('adm-void-renewal@example.com', { 'pdf-workshop-pro-monthly': 1 }, testCards.renewalFails);
    backend.clock.advance(32 * day);
    await renewDueManualSubscriptions(backend.deps);
    await logInAgain(client, 'adm-void-renewal@example.com');
    const [lapsed] = (await client.call('GET', 'license/subscriptions')).body;
    expect(lapsed.RenewalFailed).toBe(true);
    const renewalInvoice = lapsed.InvoiceKey;
    // The staff session ended with the days that passed.
    staff = (await staffClient(backend, { passwordConfirmed: true })).client;
    expect((await staff.call('POST', `admin/invoices/${renewalInvoice}/void`)).status).toBe(200);
    const [after] = (await client.call('GET', 'license/subscriptions')).body;
    expect(after).toMatchObject({ RenewalFailed: true, IsActive: false, InvoiceKey: renewalInvoice });
    expect((await client.call('GET', `billing/invoice/${renewalInvoice}`)).body.IsVoid).toBe(true);
    expect((await client.call('POST', `payment/create-manual-session?invoice=${renewalInvoice}`)).status).toBe(400);
  });
});

describe('console: refunds', () => {
  it('asks for a recent password confirmation', async () => {
    const { invoiceKey } = await buyer('adm-refund-confirm@example.com', { 'pdf-workshop-pro-monthly': 1 });
    const { client: unconfirmed } = await staffClient(backend);
    const refused = await unconfirmed.call('POST', `admin/invoices/${invoiceKey}/refund`, { body: { Amount: 100 } });
    expect(refused.status).toBe(403);
    expect(refused.body.Data).toBe('confirm-password');
    const { client: stale } = await staffClient(backend, { passwordConfirmed: true });
    backend.clock.advance(passwordConfirmationMs + 60_000);
    const late = await stale.call('POST', `admin/invoices/${invoiceKey}/refund`, { body: { Amount: 100 } });
    expect(late.status).toBe(403);
    expect(late.body.Data).toBe('confirm-password');
    expect(await backend.database.db.select().from(payments).where(eq(payments.invoiceId, invoiceKey))).toHaveLength(1);
  });

  it('refunds part, then the rest, never more; the customer’s invoice and PDF show it', async () => {
    await confirmPassword();
    const { client, invoiceKey } = await buyer('adm-refund@example.com', { 'pdf-workshop-pro-monthly': 1 });
    // 999 + 8.25 % tax = 1081.
    const tooMuch = await staff.call('POST', `admin/invoices/${invoiceKey}/refund`, { body: { Amount: 1082 } });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.ErrorMessages[0].Message).toBe('At most $10.81 can be refunded on this invoice.');
    const bad = await staff.call('POST', `admin/invoices/${invoiceKey}/refund`, { body: { Amount: 0 } });
    expect(bad.status).toBe(400);

    const part = await staff.call('POST', `admin/invoices/${invoiceKey}/refund`, { body: { Amount: 1000, Reason: 'Goodwill' } });
    expect(part.status).toBe(200);
    expect(await statusesOf(client, invoiceKey)).toEqual(['partiallyRefunded', 'partiallyRefunded']);
    expect(await auditEntry(part.body.AuditKey)).toMatchObject({
      action: 'invoice.refund',
      before: { Refundable: 1081 },
      after: { Refundable: 81, Amount: 1000, Reason: 'Goodwill' },
    });
    expect((await staff.call('GET', `admin/invoices/${invoiceKey}`)).body.Refundable).toBe(81);
    const rest = await staff.call('POST', `admin/invoices/${invoiceKey}/refund`, {
      body: { Amount: 82 },
      headers: { 'Accept-Language': 'de' },
    });
    expect(rest.status).toBe(400);
    expect(rest.body.ErrorMessages[0].Message).toContain('$0.81');
    expect((await staff.call('POST', `admin/invoices/${invoiceKey}/refund`, { body: { Amount: 81 } })).status).toBe(200);
    const nothing = await staff.call('POST', `admin/invoices/${invoiceKey}/refund`, { body: { Amount: 1 } });
    expect(nothing.status).toBe(409);
    expect(nothing.body.ErrorMessages[0].Message).toBe('Nothing paid on this invoice is left to refund.');

    // Recorded only: the manual provider moved no money.
    const rows = await backend.database.db.select().from(payments).where(eq(payments.invoiceId, invoiceKey));
    expect(rows.filter((row) => !row.isPayment).map((row) => [row.provider, row.amountCents])).toEqual([
      ['manual', 1000],
      ['manual', 81],
    ]);
    const invoice = (await client.call('GET', `billing/invoice/${invoiceKey}`)).body;
    // The reason staff gave goes with the refund; without one it is a plain refund.
    expect(invoice.Payments).toMatchObject([
      { IsPayment: true, Amount: 1081 },
      { IsPayment: false, Amount: 1000, Description: 'Refund: Goodwill' },
      { IsPayment: false, Amount: 81, Description: 'Refund' },
    ]);
    const today = backend.clock.now().toISOString();
    expect(invoice.Credits).toEqual([
      { Kind: 'refund', DateTime: today, Amount: 1000, Reason: 'Goodwill' },
      { Kind: 'refund', DateTime: today, Amount: 81, Reason: null },
    ]);
    expect(await statusesOf(client, invoiceKey)).toEqual(['refunded', 'refunded']);
    expect(invoice.FullyPaidDate).not.toBeNull();
    // Refunded in full, still paid: nothing is owed.
    expect(invoice.TotalAmountDue).toBe(0);
    const russian = (await client.call('GET', `billing/invoice/${invoiceKey}`, { headers: { 'Accept-Language': 'ru' } })).body;
    expect(russian.Payments[1].Description).toBe('Возврат: Goodwill');
    expect(russian.Payments[2].Description).toBe('Возврат');
    const pdf = await backend.app.request(`/api/billing/invoice-pdf/${invoiceKey}/download`, {
      headers: { Cookie: `sid=${client.cookie('sid')}` },
    });
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('REFUNDED');
    expect(text).toContain('Credits');
    expect(text).toContain('Refund');
    expect(text).toContain('Reason: Goodwill');
    expect(text).toContain('-$10.00');
    expect(text).toContain('-$0.81');

    // A mail for each refund, once, with its amount and reason; the rest has none to give.
    const told = await mailsTo(backend, 'adm-refund@example.com', /^Refund for your Bluebonnet invoice/);
    expect(told).toHaveLength(2);
    // Both were queued at the test clock's one instant, so the sender may take either first.
    const first = told.find((mail) => /Amount refunded\s+\$10\.00/.test(mail.text));
    const second = told.find((mail) => /Amount refunded\s+\$0\.81/.test(mail.text));
    expect(first?.text).toMatch(/Reason\s+Goodwill/);
    expect(second?.text).not.toContain('Reason');
    expect(first?.html).toContain(`/en/account/billing/invoice/${invoiceKey}"`);
  });

  it('answers 409 for an invoice with nothing paid', async () => {
    await confirmPassword();
    const client = await newCustomer(backend, 'adm-refund-unpaid@example.com');
    await fillCart(client, { 'pdf-workshop-pro-monthly': 1 });
    await client.call('POST', 'payment/create-manual-session');
    const [unpaid] = (await client.call('GET', 'billing/invoices')).body;
    expect((await staff.call('POST', `admin/invoices/${unpaid.Key}/refund`, { body: { Amount: 100 } })).status).toBe(409);
  });
});

describe('console: cancelling subscriptions', () => {
  it('cancels at period end as the customer would, then ends it now; an ended one answers 409', async () => {
    const { client } = await buyer('adm-cancel@example.com', { 'pdf-workshop-pro-monthly': 1 });
    const [subscription] = (await client.call('GET', 'license/subscriptions')).body;
    const atEnd = await staff.call('POST', `admin/subscriptions/${subscription.Key}/cancel`, { body: { When: 'period-end' } });
    expect(atEnd.status).toBe(200);
    expect(await auditEntry(atEnd.body.AuditKey)).toMatchObject({
      action: 'subscription.cancel',
      before: { IsCancelled: false },
      after: { IsCancelled: true, NextRenewalDate: null },
    });
    expect((await client.call('GET', `license/subscription/${subscription.Key}`)).body).toMatchObject({
      IsCancelled: true,
      NextRenewalDate: null,
      IsActive: true,
    });
    await backend.deliverMail();
    expect(backend.mail.to('adm-cancel@example.com').map((mail) => mail.subject)).toContain('Your Bluebonnet subscription was cancelled');
    // Already cancelled at period end: the customer's own rule answers.
    expect((await staff.call('POST', `admin/subscriptions/${subscription.Key}/cancel`, { body: { When: 'period-end' } })).status).toBe(400);

    const now = await staff.call('POST', `admin/subscriptions/${subscription.Key}/cancel`, { body: { When: 'now' } });
    expect(now.status).toBe(200);
    expect(await auditEntry(now.body.AuditKey)).toMatchObject({ action: 'subscription.end', after: { IsValid: false } });
    const ended = (await client.call('GET', `license/subscription/${subscription.Key}`)).body;
    expect(ended).toMatchObject({ IsActive: false, IsValid: false, HasExpired: true, NextRenewalDate: null });
    const again = await staff.call('POST', `admin/subscriptions/${subscription.Key}/cancel`, { body: { When: 'now' } });
    expect(again.status).toBe(409);
    expect(again.body.ErrorMessages[0].Message).toBe('This subscription has already ended.');
    // Not renewed afterwards.
    backend.clock.advance(32 * day);
    await renewDueManualSubscriptions(backend.deps);
    await logInAgain(client, 'adm-cancel@example.com');
    expect((await client.call('GET', 'license/subscriptions')).body).toHaveLength(1);
    staff = (await staffClient(backend, { passwordConfirmed: true })).client;
  });

  it('ends a renewing subscription now and mails the customer', async () => {
    const { client } = await buyer('adm-end-now@example.com', { 'personal-health-plus-monthly': 1 });
    const [subscription] = (await client.call('GET', 'license/subscriptions')).body;
    expect((await client.call('GET', 'auth/session-info')).body.Claims).toContain('app:health:plus');
    expect((await staff.call('POST', `admin/subscriptions/${subscription.Key}/cancel`, { body: { When: 'now' } })).status).toBe(200);
    expect((await client.call('GET', 'auth/session-info')).body.Claims).not.toContain('app:health:plus');
    await backend.deliverMail();
    expect(backend.mail.to('adm-end-now@example.com').map((mail) => mail.subject)).toContain('Your Bluebonnet subscription was cancelled');
    expect(
      (await staff.call('POST', 'admin/subscriptions/5b0c9c52-8f5e-4a6e-9d9e-1f2a3b4c5d6e/cancel', { body: { When: 'now' } })).status,
    ).toBe(404);
    expect((await staff.call('POST', `admin/subscriptions/${subscription.Key}/cancel`, { body: { When: 'later' } })).status).toBe(400);
  });
});

describe('console: refunds and cancellations with Stripe (against the local fake Stripe API)', () => {
  let stripeSide: StripeTestBackend;
  let stripe: FakeStripe;
  let stripeBackend: TestBackend;
  let stripeStaff: TestClient;
  beforeAll(async () => {
    stripeSide = await startStripeTestBackend();
    ({ stripe, backend: stripeBackend } = stripeSide);
    stripeStaff = (await staffClient(stripeBackend, { passwordConfirmed: true })).client;
  });
  afterAll(() => stripeSide.close());

  const deliver = (type: string, object: Record<string, unknown>, id: string) => stripeSide.deliver(type, object, { id });

  /** A customer who paid for these items through Stripe's checkout. */
  async function stripeBuyer(email: string, items: Record<string, number>) {
    const client = await newCustomer(stripeBackend, email);
    await fillCart(client, items);
    const created = await client.call('POST', 'payment/create-stripe-session');
    const sessionId = String(created.body.Value).split('_secret_')[0];
    const session = stripe.complete(sessionId);
    const returned = await client.call('POST', 'payment/stripe-return', { body: { Value: sessionId } });
    expect(returned.body.Status).toBe('complete');
    return { client, session, invoiceKey: returned.body.InvoiceKey as string };
  }

  const refundRows = async (invoiceKey: string) =>
    (await stripeBackend.database.db.select().from(payments).where(eq(payments.invoiceId, invoiceKey)))
      .filter((row) => !row.isPayment)
      .map((row) => ({ amount: row.amountCents, ref: row.providerRef, description: row.description }));

  it('refunds at Stripe on the payment intent; a failure records nothing; dashboard refunds are recorded once', async () => {
    const { client, session, invoiceKey } = await stripeBuyer('adm-stripe-refund@example.com', { 'consulting-architecture-review': 1 });
    const paymentIntent = String(session.payment_intent);
    expect((await stripeStaff.call('GET', `admin/invoices/${invoiceKey}`)).body).toMatchObject({ Provider: 'stripe', Refundable: 162375 });
    const refundsCounted = () => metricValue(stripeBackend, 'money_events_total', { event: 'refund', provider: 'stripe' });
    const counted = await refundsCounted();

    stripe.failNext(1);
    const failed = await stripeStaff.call('POST', `admin/invoices/${invoiceKey}/refund`, { body: { Amount: 100 } });
    expect(failed.status).toBe(502);
    expect(await refundRows(invoiceKey)).toEqual([]);

    const refunded = await stripeStaff.call('POST', `admin/invoices/${invoiceKey}/refund`, { body: { Amount: 50000 } });
    expect(refunded.status).toBe(200);
    const ours = stripe.refunds.at(-1)!;
    expect(ours).toMatchObject({ payment_intent: paymentIntent, amount: 50000 });
    expect(await refundRows(invoiceKey)).toEqual([{ amount: 50000, ref: ours.id, description: 'Refund' }]);
    expect(await refundsCounted()).toBe(counted + 1);

    // Someone refunds more in Stripe's dashboard; Stripe reports the charge with every refund.
    const charge = stripe.dashboardRefund(paymentIntent, 10000);
    expect((await deliver('charge.refunded', charge, 'evt_adm_refund_1')).status).toBe(200);
    const dashboard = stripe.refunds.at(-1)!;
    const expected = [
      { amount: 50000, ref: ours.id, description: 'Refund' },
      { amount: 10000, ref: dashboard.id, description: 'Refund made at the payment provider' },
    ];
    expect(await refundRows(invoiceKey)).toEqual(expected);
    // Redelivered, or reported again by a later event of the same charge: nothing more.
    expect((await deliver('charge.refunded', charge, 'evt_adm_refund_1')).status).toBe(200);
    expect((await deliver('charge.refunded', charge, 'evt_adm_refund_2')).status).toBe(200);
    expect(await refundRows(invoiceKey)).toEqual(expected);
    expect(await refundsCounted()).toBe(counted + 2);

    expect((await stripeStaff.call('GET', `admin/invoices/${invoiceKey}`)).body.Refundable).toBe(102375);
    // The customer hears of each refund once, ours and the dashboard's alike.
    const refundMails = await mailsTo(stripeBackend, 'adm-stripe-refund@example.com', /^Refund for your Bluebonnet invoice/);
    expect(refundMails.map((mail) => mail.text.match(/Amount refunded\s+(\S+)/)?.[1])).toEqual(['$500.00', '$100.00']);
    const shown = (await client.call('GET', `billing/invoice/${invoiceKey}`, { headers: { 'Accept-Language': 'de' } })).body;
    expect(shown.Payments.map((payment: { Description: string; IsPayment: boolean }) => [payment.IsPayment, payment.Description])).toEqual([
      [true, 'Kartenzahlung'],
      [false, 'Erstattung'],
      [false, 'Erstattung beim Zahlungsanbieter'],
    ]);
    expect(shown.Credits).toMatchObject([
      { Kind: 'refund', Amount: 50000, Reason: null },
      { Kind: 'refund', Amount: 10000, Reason: null },
    ]);
    expect(invoiceStatus(shown)).toBe('partiallyRefunded');
    // A charge this site never took is ignored.
    expect((await deliver('charge.refunded', stripe.dashboardRefund('pi_not_ours', 100), 'evt_adm_refund_3')).status).toBe(200);
  });

  it('refunds a subscription’s first charge through its Stripe invoice, and maps dashboard refunds back the same way', async () => {
    const { session, invoiceKey } = await stripeBuyer('adm-stripe-sub@example.com', { 'pdf-workshop-pro-monthly': 1 });
    const stripeInvoice = stripe.invoices.get(String(session.invoice))!;
    const paymentIntent = (stripeInvoice.payments as { data: { payment: { payment_intent: string } }[] }).data[0].payment.payment_intent;
    expect((await stripeStaff.call('POST', `admin/invoices/${invoiceKey}/refund`, { body: { Amount: 500 } })).status).toBe(200);
    expect(stripe.refunds.at(-1)).toMatchObject({ payment_intent: paymentIntent, amount: 500 });
    expect((await deliver('charge.refunded', stripe.dashboardRefund(paymentIntent, 81), 'evt_adm_refund_sub')).status).toBe(200);
    expect((await refundRows(invoiceKey)).map((row) => row.amount)).toEqual([500, 81]);
    expect((await stripeStaff.call('POST', `admin/invoices/${invoiceKey}/refund`, { body: { Amount: 501 } })).status).toBe(400);
  });

  it('voids an invoice whose checkout is open at Stripe; a payment that still gets through is given back', async () => {
    const client = await newCustomer(stripeBackend, 'adm-stripe-void@example.com');
    await fillCart(client, { 'consulting-architecture-review': 1 });
    const created = await client.call('POST', 'payment/create-stripe-session');
    const sessionId = String(created.body.Value).split('_secret_')[0];
    const [unpaid] = (await client.call('GET', 'billing/invoices')).body;
    expect((await stripeStaff.call('POST', `admin/invoices/${unpaid.Key}/void`)).status).toBe(200);
    expect(stripe.sessions.get(sessionId)?.status).toBe('expired');
    // The buyer's payment raced the expiry.
    stripe.complete(sessionId);
    const returned = await client.call('POST', 'payment/stripe-return', { body: { Value: sessionId } });
    expect(returned.body.Status).toBe('refunded');
    const shown = (await client.call('GET', `billing/invoice/${unpaid.Key}`)).body;
    expect(shown).toMatchObject({ IsVoid: true, FullyPaidDate: null });
    expect(shown.Payments.map((payment: { Description: string }) => payment.Description)).toEqual([
      'Card payment',
      'Refund: this invoice was void',
    ]);
    expect(shown.Credits).toMatchObject([
      { Kind: 'void', Amount: 162375, Reason: null },
      { Kind: 'refund', Amount: 162375, Reason: 'The invoice had been voided' },
    ]);
    // Told of the void, and of the payment given back.
    expect(await mailsTo(stripeBackend, 'adm-stripe-void@example.com', /was voided/)).toHaveLength(1);
    const [refunded, ...more] = await mailsTo(stripeBackend, 'adm-stripe-void@example.com', /^Refund for/);
    expect(more).toEqual([]);
    expect(refunded.text).toMatch(/Reason\s+The invoice had been voided/);
  });

  it('ends a Stripe subscription at once at Stripe too', async () => {
    const { client, session } = await stripeBuyer('adm-stripe-cancel@example.com', { 'pdf-workshop-pro-monthly': 1 });
    const [subscription] = (await client.call('GET', 'license/subscriptions')).body;
    stripe.failNext(1);
    expect((await stripeStaff.call('POST', `admin/subscriptions/${subscription.Key}/cancel`, { body: { When: 'now' } })).status).toBe(502);
    expect((await client.call('GET', `license/subscription/${subscription.Key}`)).body.IsActive).toBe(true);
    expect((await stripeStaff.call('POST', `admin/subscriptions/${subscription.Key}/cancel`, { body: { When: 'now' } })).status).toBe(200);
    expect(stripe.subscriptions.get(String(session.subscription))?.status).toBe('canceled');
    expect((await client.call('GET', `license/subscription/${subscription.Key}`)).body).toMatchObject({ IsActive: false, IsValid: false });
  });
});
