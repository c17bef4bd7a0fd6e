import { eq } from 'drizzle-orm';
import { formatUsd } from '@/lib/contract/presentation';
import { outbox, subscriptions, users } from '@/server/db/schema';
import { purgeDueAccounts } from '@/server/services/accounts/accounts';
import { remindUpcomingRenewals } from '@/server/services/billing/mail';
import { renewDueManualSubscriptions } from '@/server/services/billing/renewals';
import { pdfText } from '../support/pdf-text';
import { testCardPayment, testCards } from '../support/test-cards';
import {
  buyWithTestCard,
  fillCart,
  logInAgain,
  signedUpClient,
  startTestBackend,
  strongPassword,
  type TestBackend,
  type TestClient,
} from './harness';
import { staffClient } from './staff-harness';

const origin = 'https://shop.example';
let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend({ SITE_URL: origin });
});
afterAll(() => backend.close());

const day = 24 * 60 * 60_000;
/** The test clock only moves forward: to a moment ahead of it. */
const moveClockTo = (moment: Date) => backend.clock.advance(moment.getTime() - backend.clock.now().getTime());

/** The mails an address has received after the sender ran, optionally only of one subject. */
async function mailsTo(address: string, subject?: RegExp) {
  await backend.deliverMail();
  return backend.mail.to(address).filter((mail) => !subject || subject.test(mail.subject));
}

async function customer(email: string, language?: string): Promise<TestClient> {
  const client = await signedUpClient(backend, email);
  // The language the customer last used is the one their later mail comes in.
  if (language) await client.call('GET', 'auth/session-info', { headers: { 'Accept-Language': language } });
  return client;
}

describe('receipts', () => {
  it('one per payment, with the invoice PDF and a link to the invoice, however often the payment is reported', async () => {
    const client = await customer('receipt@example.com');
    await fillCart(client, { 'pdf-workshop-pro-monthly': 1 });
    const session = await client.call('POST', 'payment/create-manual-session');
    const paid = await client.call('POST', 'payment/manual/pay', { body: testCardPayment(session.body.Value, testCards.success) });
    const returned = await client.call('POST', 'payment/manual-return', { body: { Value: paid.body.SessionId } });
    await client.call('POST', 'payment/manual-return', { body: { Value: paid.body.SessionId } });
    const invoice = (await client.call('GET', `billing/invoice/${returned.body.InvoiceKey}`)).body;

    const receipts = await mailsTo('receipt@example.com', /^Receipt/);
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts;
    expect(receipt.subject).toBe(`Receipt for your Bluebonnet payment (invoice ${invoice.InvoiceNumber})`);
    // Itemised: each line with its quantity and amount, then the tax and the total.
    expect(receipt.text).toMatch(/PDF Workshop Pro, monthly × 1\s+\$9\.99\s+Tax\s+\$0\.82\s+Total\s+\$10\.81/);
    expect(receipt.text).toContain(`Total   ${formatUsd(invoice.TotalAmount)}`);
    expect(receipt.html).toContain('PDF Workshop Pro, monthly × 1');
    expect(receipt.text).toContain(`${origin}/en/account/billing/invoice/${invoice.Key}`);
    expect(receipt.html).toContain(`href="${origin}/en/account/billing/invoice/${invoice.Key}"`);
    expect(receipt.attachments).toHaveLength(1);
    const [pdf] = receipt.attachments;
    expect(pdf).toMatchObject({ filename: `invoice-${invoice.InvoiceNumber}.pdf`, contentType: 'application/pdf' });
    const text = await pdfText(new Uint8Array(pdf.content));
    expect(text).toContain(invoice.InvoiceNumber);
    expect(text).toContain('PAID');
  });

  it('in the language the customer last used, the PDF too', async () => {
    const client = await customer('beleg@example.com', 'de');
    const { invoiceKey } = await buyWithTestCard(client, { 'pdf-workshop-pro-monthly': 2, 'consulting-architecture-review': 1 });
    const [receipt] = await mailsTo('beleg@example.com', /^Zahlungsbeleg/);
    expect(receipt.text).toContain('Vielen Dank für Ihre Zahlung');
    // The lines in German as the invoice names them: 2 × $9.99 and the review, 8.25 % tax on $1,519.98.
    expect(receipt.text).toMatch(/PDF Workshop Pro, monatlich × 2\s+\$19\.98/);
    expect(receipt.text).toMatch(/× 1\s+\$1,500\.00/);
    expect(receipt.text).toMatch(/Steuer\s+\$125\.40\s+Gesamt\s+\$1,645\.38/);
    expect(receipt.text).toContain(`${origin}/de/account/billing/invoice/${invoiceKey}`);
    expect(await pdfText(new Uint8Array(receipt.attachments[0].content))).toContain('Rechnung');
  });
});

describe('renewals', () => {
  it('a paid renewal sends one receipt; a failed one sends one failure mail with the amount, the day it stopped and Pay Now', async () => {
    const good = await customer('renews@example.com');
    await buyWithTestCard(good, { 'personal-health-plus-monthly': 1 });
    const bad = await customer('renewal-fails@example.com', 'ru');
    await buyWithTestCard(bad, { 'personal-health-plus-monthly': 1 }, testCards.renewalFails);
    const [failing] = await backend.database.db
      .select()
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(eq(users.email, 'renewal-fails@example.com'));
    backend.clock.advance(32 * day);
    await renewDueManualSubscriptions(backend.deps);
    await renewDueManualSubscriptions(backend.deps);

    const receipts = await mailsTo('renews@example.com', /^Receipt/);
    expect(receipts).toHaveLength(2);
    expect(receipts[1].attachments[0].filename).toMatch(/^invoice-\d{4}-\d{5}\.pdf$/);

    expect(await mailsTo('renewal-fails@example.com', /^Квитанция/)).toHaveLength(1);
    const failures = await mailsTo('renewal-fails@example.com', /^Не удалось оплатить продление/);
    expect(failures).toHaveLength(1);
    const [failure] = failures;
    expect(failure.text).toContain('Personal Health Plus, помесячно');
    expect(failure.text).toContain('$5.40');
    const stopped = new Intl.DateTimeFormat('ru', { dateStyle: 'long', timeZone: 'UTC' }).format(failing.subscriptions.expiresAt);
    expect(failure.text).toContain(stopped);
    await logInAgain(bad, 'renewal-fails@example.com');
    const [unpaid] = (await bad.call('GET', 'billing/invoices')).body;
    expect(unpaid.FullyPaidDate).toBeNull();
    expect(failure.html).toContain(`href="${origin}/ru/store/checkout?invoice=${unpaid.Key}"`);
  });

  it('reminds a yearly subscription once, 7 days before it renews, with what it will charge; monthly ones not', async () => {
    const client = await customer('yearly@example.com');
    await buyWithTestCard(client, { 'pdf-workshop-pro-yearly': 2, 'pdf-workshop-pro-monthly': 1 });
    const bought: { NextRenewalDate: string; Description?: string }[] = (await client.call('GET', 'license/subscriptions')).body;
    const yearly = bought.reduce((latest, next) => (next.NextRenewalDate > latest.NextRenewalDate ? next : latest));
    const renewsAt = new Date(yearly.NextRenewalDate);
    moveClockTo(new Date(renewsAt.getTime() - 8 * day));
    await remindUpcomingRenewals(backend.deps);
    expect(await mailsTo('yearly@example.com', /renews on/)).toHaveLength(0);

    moveClockTo(new Date(renewsAt.getTime() - 6 * day));
    await remindUpcomingRenewals(backend.deps);
    await remindUpcomingRenewals(backend.deps);
    const reminders = await mailsTo('yearly@example.com', /renews on/);
    expect(reminders).toHaveLength(1);
    const date = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(renewsAt);
    expect(reminders[0].subject).toBe(`Your Bluebonnet subscription renews on ${date}`);
    // Two units at today's price with the Texas tax of the purchase: 2 × $99.00 + 8.25 %.
    expect(reminders[0].text).toContain('$214.34');
    expect(reminders[0].text).toContain('PDF Workshop Pro, yearly');
  });
});

describe('refunds', () => {
  it('tell a German customer of each refund once, with the amount and the reason staff gave', async () => {
    const client = await customer('erstattung@example.com', 'de');
    const { invoiceKey } = await buyWithTestCard(client, { 'pdf-workshop-pro-monthly': 1 });
    const { client: staff } = await staffClient(backend, { passwordConfirmed: true });
    const refund = { Amount: 500, Reason: 'Ausfall am Montag' };
    expect((await staff.call('POST', `admin/invoices/${invoiceKey}/refund`, { body: refund })).status).toBe(200);
    const refunds = await mailsTo('erstattung@example.com', /^Erstattung/);
    expect(refunds).toHaveLength(1);
    const [mail] = refunds;
    const { InvoiceNumber } = (await client.call('GET', `billing/invoice/${invoiceKey}`)).body;
    expect(mail.subject).toBe(`Erstattung zu Ihrer Bluebonnet-Rechnung ${InvoiceNumber}`);
    expect(mail.text).toMatch(/Erstatteter Betrag\s+\$5\.00/);
    expect(mail.text).toMatch(/Grund\s+Ausfall am Montag/);
    expect(mail.html).toContain(`href="${origin}/de/account/billing/invoice/${invoiceKey}"`);
  });
});

describe('account and subscription changes', () => {
  it('cancelling sends one confirmation with the last usable day', async () => {
    const client = await customer('cancel@example.com', 'de');
    await buyWithTestCard(client, { 'pdf-workshop-pro-monthly': 2 });
    const [first] = (await client.call('GET', 'license/subscriptions')).body;
    expect((await client.call('DELETE', `license/subscription/${first.Key}`)).status).toBe(200);
    const confirmations = await mailsTo('cancel@example.com', /gekündigt/);
    expect(confirmations).toHaveLength(1);
    const until = new Intl.DateTimeFormat('de', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(first.ExpirationDate));
    expect(confirmations[0].text).toContain(`Es bleibt bis zum ${until} nutzbar.`);
    expect(confirmations[0].text).toContain('PDF Workshop Pro, monatlich');
  });

  it('a password change is told to the account’s address, with the support address', async () => {
    const client = await customer('password@example.com');
    const changed = await client.call('PUT', 'user/password', {
      body: { CurrentPassword: strongPassword, NewPassword: `${strongPassword}x` },
    });
    expect(changed.status).toBe(200);
    const [mail] = await mailsTo('password@example.com', /password was changed/);
    expect(mail.text).toContain('support@bluebonnet-software.example');
  });

  it('keeps no code or link in the outbox once a mail is sent, only its subject', async () => {
    await customer('sent-code@example.com');
    const [codeMail] = backend.mail.to('sent-code@example.com');
    expect(codeMail.text).toMatch(/[A-Z0-9]{6}/);
    const [stored] = await backend.database.db.select().from(outbox).where(eq(outbox.recipient, 'sent-code@example.com'));
    expect(stored).toMatchObject({ subject: codeMail.subject, body: '', html: null, sentAt: expect.any(Date) });
  });

  it('an account erased at the end of its grace period is told at the address it had, once', async () => {
    const client = await customer('leaving@example.com');
    expect((await client.call('PUT', 'user/delete-account', { body: { CurrentPassword: strongPassword } })).status).toBe(200);
    backend.clock.advance(8 * day);
    expect(await purgeDueAccounts(backend.deps)).toBeGreaterThanOrEqual(1);
    const [mail, ...more] = await mailsTo('leaving@example.com', /was deleted/);
    expect(more).toHaveLength(0);
    expect(mail.text).toContain('has been deleted together with its personal data');
    const [stored] = await backend.database.db.select().from(outbox).where(eq(outbox.recipient, 'leaving@example.com'));
    expect(stored).toBeDefined();
  });
});
