import { eq } from 'drizzle-orm';
import { subscriptions } from '@/server/db/schema';
import { renewDueManualSubscriptions } from '@/server/services/billing/renewals';
import { pdfText } from '../support/pdf-text';
import { germanBilling } from '../support/billing-contacts';
import { testCardPayment, testCards } from '../support/test-cards';
import {
  buyWithTestCard,
  fillCart,
  logInAgain,
  newCustomer,
  startTestBackend,
  TestClient,
  watchQueries,
  type TestBackend,
} from './harness';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

const day = 24 * 60 * 60_000;

/** A new user who bought through the manual provider with the given test card. */
async function buyer(email: string, items: Record<string, number>, cardNumber: string = testCards.success, billing?: object) {
  const client = await newCustomer(backend, email);
  return { client, ...(await buyWithTestCard(client, items, cardNumber, billing)) };
}

describe('invoices', () => {
  it('lists and shows the full invoice model with payments', async () => {
    const { client, invoiceKey } = await buyer('inv@example.com', { 'pdf-workshop-pro-yearly': 1 });
    const list = await client.call('GET', 'billing/invoices');
    expect(list.body).toHaveLength(1);
    const invoice = await client.call('GET', `billing/invoice/${invoiceKey}`);
    expect(invoice.body).toMatchObject({
      Key: invoiceKey,
      InvoiceNumber: expect.stringMatching(/^\d{4}-\d{5}$/),
      InvoiceVersion: 1,
      IsVoid: false,
      LineItems: [
        { Key: 'pdf-workshop-pro-yearly', Quantity: 1, SubTotalAmount: 9900, Description: 'PDF Workshop Pro, yearly', UnitAmount: 9900 },
      ],
      SubTotalAmount: 9900,
      TaxTotalAmount: 817,
      TotalAmount: 10717,
      TotalAmountDue: 0,
      BillingStateName: 'Texas',
      BillingEmailAddress: 'inv@example.com',
      Payments: [{ Description: 'Card payment (test mode)', Amount: 10717, IsPayment: true, IsCard: true, DateTime: expect.any(String) }],
    });
    expect(invoice.body.FullyPaidDate).not.toBeNull();
    expect(invoice.body.BillingCountryName).toBe('United States of America');
  });

  it('words the lines, payments, country and state in the reader’s language, the PDF too', async () => {
    const { client, invoiceKey } = await buyer('inv-de@example.com', { 'pdf-workshop-pro-monthly': 1 });
    const german = { headers: { 'Accept-Language': 'de' } };
    const [listed] = (await client.call('GET', 'billing/invoices', german)).body;
    const shown = (await client.call('GET', `billing/invoice/${invoiceKey}`, german)).body;
    expect(listed).toEqual(shown);
    expect(shown).toMatchObject({
      LineItems: [{ Description: 'PDF Workshop Pro, monatlich' }],
      Payments: [{ Description: 'Kartenzahlung (Testmodus)' }],
      BillingCountryName: 'Vereinigte Staaten von Amerika',
      BillingStateName: 'Texas',
    });
    const russian = (await client.call('GET', `billing/invoice/${invoiceKey}`, { headers: { 'Accept-Language': 'ru' } })).body;
    expect(russian.Payments[0].Description).toBe('Оплата картой (тестовый режим)');
    expect(russian.BillingStateName).toBe('Техас');
    const pdfIn = async (query: string, acceptLanguage = 'en') => {
      const pdf = await backend.app.request(`/api/billing/invoice-pdf/${invoiceKey}/download${query}`, {
        headers: { Cookie: `sid=${client.cookie('sid')}`, 'Accept-Language': acceptLanguage },
      });
      expect(pdf.status).toBe(200);
      return pdfText(new Uint8Array(await pdf.arrayBuffer()));
    };
    // The link carries the page's language; without it, the browser's.
    const germanPdf = await pdfIn('?lang=de');
    // The company's own address names its country in the reader's language too.
    expect(germanPdf).toContain('Plano, TX 75024, Vereinigte Staaten');
    for (const expected of [
      'Rechnung ',
      'BEZAHLT',
      'Rechnungsempfänger',
      'PDF Workshop Pro, monatlich',
      'Vereinigte Staaten von Amerika',
      'Zwischensumme',
      'Offener Betrag',
    ])
      expect(germanPdf).toContain(expected);
    const russianPdf = await pdfIn('', 'ru');
    for (const expected of ['Счёт ', 'ОПЛАЧЕН', 'Плательщик', 'Техас', 'К оплате']) expect(russianPdf).toContain(expected);
    expect(await pdfIn('?lang=en', 'de')).toContain('PDF Workshop Pro, monthly');
    const unknown = await backend.app.request(`/api/billing/invoice-pdf/${invoiceKey}/download?lang=fr`, {
      headers: { Cookie: `sid=${client.cookie('sid')}` },
    });
    expect(unknown.status).toBe(400);
  });

  it('renders the invoice as a real PDF with number, lines and totals, for its owner only', async () => {
    const { client, invoiceKey } = await buyer('pdf@example.com', { 'pdf-workshop-pro-monthly': 2, 'consulting-architecture-review': 1 });
    const number = (await client.call('GET', `billing/invoice/${invoiceKey}`)).body.InvoiceNumber;
    const response = await backend.app.request(`/api/billing/invoice-pdf/${invoiceKey}/download`, {
      headers: { Cookie: `sid=${client.cookie('sid')}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain(`invoice-${number}.pdf`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    for (const expected of [
      `Invoice ${number}`,
      'PAID',
      'PDF Workshop Pro, monthly',
      'Architecture review (one week)',
      '$19.98',
      '$1,500.00',
      '$1,519.98',
      '$125.40',
      '$1,645.38',
      'Ann Smith',
      'Texas',
    ]) {
      expect(text).toContain(expected);
    }
    const other = await newCustomer(backend, 'pdf-thief@example.com');
    const stolen = await backend.app.request(`/api/billing/invoice-pdf/${invoiceKey}/download`, {
      headers: { Cookie: `sid=${other.cookie('sid')}` },
    });
    expect(stolen.status).toBe(404);
    expect((await backend.app.request(`/api/billing/invoice-pdf/${invoiceKey}/download`)).status).toBe(401);
  });

  it('words a tax-exempt invoice’s tax line as the invoice page and the cart do, in its language', async () => {
    const { client, invoiceKey } = await buyer('exempt@example.com', { 'pdf-workshop-pro-monthly': 1 }, testCards.success, germanBilling);
    const pdfIn = async (language: string) => {
      const pdf = await backend.app.request(`/api/billing/invoice-pdf/${invoiceKey}/download?lang=${language}`, {
        headers: { Cookie: `sid=${client.cookie('sid')}` },
      });
      return pdfText(new Uint8Array(await pdf.arrayBuffer()));
    };
    expect(await pdfIn('en')).toMatch(/\bTax\s+Tax exempt\b/);
    expect(await pdfIn('de')).toMatch(/\bSteuer\s+Steuerfrei\b/);
  });

  it('leaves out the cart’s invoice once its checkout was abandoned and the cart changed; the next checkout bills the cart under its number', async () => {
    const client = await newCustomer(backend, 'abandoned@example.com');
    await fillCart(client, { 'pdf-workshop-pro-monthly': 1 });
    await client.call('POST', 'payment/create-manual-session');
    // While the checkout is under way, its invoice is what the customer is about to pay.
    const [open] = (await client.call('GET', 'billing/invoices')).body;
    expect(open).toMatchObject({ FullyPaidDate: null, TotalAmountDue: 1081 });
    await fillCart(client, {});
    expect((await client.call('GET', 'billing/invoices')).body).toEqual([]);
    await fillCart(client, { 'consulting-architecture-review': 1 });
    expect((await client.call('GET', 'billing/invoices')).body).toEqual([]);
    // Its page still answers by address (a link kept from before).
    expect((await client.call('GET', `billing/invoice/${open.Key}`)).status).toBe(200);

    await client.call('POST', 'payment/create-manual-session');
    const [again] = (await client.call('GET', 'billing/invoices')).body;
    expect(again).toMatchObject({
      Key: open.Key,
      InvoiceNumber: open.InvoiceNumber,
      LineItems: [{ Key: 'consulting-architecture-review', Quantity: 1 }],
    });
  });

  it('lists many invoices, each with its own lines and payments, in as many queries as one', async () => {
    // Both with a checkout under way (its invoice is checked against the cart), one with a single invoice.
    const { client: one } = await buyer('inv-one@example.com', { 'pdf-workshop-pro-monthly': 1 }, testCards.declined);
    const { client: many } = await buyer('inv-many@example.com', { 'pdf-workshop-pro-monthly': 1 });
    await buyWithTestCard(many, { 'consulting-architecture-review': 1 });
    await buyWithTestCard(many, { 'pdf-workshop-pro-yearly': 2 }, testCards.declined); // no payment
    const list = (await many.call('GET', 'billing/invoices')).body;
    expect(list.map((invoice: { LineItems: { Key: string }[] }) => invoice.LineItems.map((line) => line.Key))).toEqual([
      ['pdf-workshop-pro-yearly'],
      ['consulting-architecture-review'],
      ['pdf-workshop-pro-monthly'],
    ]);
    expect(list.map((invoice: { Payments: unknown[] }) => invoice.Payments.length)).toEqual([0, 1, 1]);
    for (const invoice of list) expect(invoice).toEqual((await many.call('GET', `billing/invoice/${invoice.Key}`)).body);

    const queries = watchQueries(backend);
    // The catalog's once-a-second revision check runs on the same client and may fall inside a call.
    const catalogCheck = /^select max\("updated_at"\), count\(\*\) from "offers"/;
    const queriesFor = async (user: TestClient) => {
      await user.call('GET', 'billing/invoices');
      queries.clear();
      await user.call('GET', 'billing/invoices');
      return queries.texts().filter((text) => !catalogCheck.test(text)).length;
    };
    try {
      const forOne = await queriesFor(one);
      expect(forOne).toBeGreaterThan(0); // the watcher does see this driver's queries
      expect(await queriesFor(many)).toBe(forOne);
    } finally {
      queries.stop();
    }
  });

  it('answers 404 for another user’s invoice and 400 for a malformed id', async () => {
    const { invoiceKey } = await buyer('inv-owner@example.com', { 'pdf-workshop-pro-monthly': 1 });
    const other = await newCustomer(backend, 'inv-other@example.com');
    const stolen = await other.call('GET', `billing/invoice/${invoiceKey}`);
    expect(stolen.status).toBe(404);
    expect(stolen.body).toEqual({ ErrorMessages: [{ Message: 'Not found.', Code: 'notFound' }] });
    expect((await other.call('GET', 'billing/invoice/00000000-0000-4000-8000-000000000000')).body).toEqual(stolen.body);
    expect((await other.call('GET', 'billing/invoice/not-a-uuid')).status).toBe(400);
    expect((await other.call('GET', 'billing/invoices')).body).toEqual([]);
  });
});

describe('subscriptions', () => {
  it('says what the next renewal charges: today’s price for each seat, with tax at the rate it was bought at', async () => {
    const { client } = await buyer('next-charge@example.com', { 'personal-health-plus-monthly': 3 });
    const [held] = (await client.call('GET', 'license/subscriptions')).body;
    const one = (await client.call('GET', `license/subscription/${held.Key}`)).body;
    // 3 × $4.99 = $14.97, and 8.25 % Texas tax: $1.24.
    expect([held.NextChargeAmount, one.NextChargeAmount]).toEqual([1621, 1621]);
    const exempt = await buyer('next-charge-de@example.com', { 'personal-health-plus-monthly': 3 }, testCards.success, germanBilling);
    expect((await exempt.client.call('GET', 'license/subscriptions')).body[0].NextChargeAmount).toBe(1497);
  });

  it('lists, shows and cancels at period end; a second user gets 404', async () => {
    const { client } = await buyer('subs@example.com', { 'pdf-workshop-pro-monthly': 1 });
    const [listed] = (await client.call('GET', 'license/subscriptions')).body;
    expect(listed).toMatchObject({
      Description: 'PDF Workshop Pro, monthly',
      IsActive: true,
      IsActivated: true,
      HasExpired: false,
      IsRenewed: false,
      IsValid: true,
      IsCancelled: false,
      RenewalFailed: false,
      AppPage: '/apps/pdf',
      ProductHomePage: '/solutions/pdf',
    });
    expect(listed.NextRenewalDate).toBe(listed.ExpirationDate);
    // The next charge: $9.99 with the 8.25 % Texas tax of the purchase.
    expect(listed.NextChargeAmount).toBe(1081);
    const other = await newCustomer(backend, 'subs-other@example.com');
    expect((await other.call('GET', `license/subscription/${listed.Key}`)).status).toBe(404);
    expect((await other.call('DELETE', `license/subscription/${listed.Key}`)).status).toBe(404);

    const cancelled = await client.call('DELETE', `license/subscription/${listed.Key}`);
    expect(cancelled.body).toEqual({ ErrorMessages: [], Data: null });
    const after = (await client.call('GET', `license/subscription/${listed.Key}`)).body;
    expect(after).toMatchObject({ IsCancelled: true, NextRenewalDate: null, NextChargeAmount: null, IsActive: true });
    const again = await client.call('DELETE', `license/subscription/${listed.Key}`);
    expect(again.status).toBe(400);
    expect(again.body.ErrorMessages[0].Message).toBe('This subscription has no renewal to cancel.');
  });

  it('holds a quantity of 2 as one subscription, cancelled as one and renewed as one on a line of 2', async () => {
    const { client } = await buyer('two-seats@example.com', { 'personal-health-plus-monthly': 2 });
    const listed = (await client.call('GET', 'license/subscriptions')).body;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ Description: 'Personal Health Plus, monthly', Quantity: 2, IsActive: true });
    backend.clock.advance(32 * day);
    await renewDueManualSubscriptions(backend.deps);
    await logInAgain(client, 'two-seats@example.com');
    const [renewal] = (await client.call('GET', 'billing/invoices')).body;
    expect(renewal.LineItems).toMatchObject([{ Key: 'personal-health-plus-monthly', Quantity: 2, SubTotalAmount: 998 }]);
    const current = (await client.call('GET', 'license/subscriptions')).body.find(
      (subscription: { IsRenewed: boolean }) => !subscription.IsRenewed,
    );
    expect(current).toMatchObject({ Quantity: 2, IsActive: true });
    expect((await client.call('DELETE', `license/subscription/${current.Key}`)).status).toBe(200);
    const after = (await client.call('GET', 'license/subscriptions')).body;
    expect(after.filter((subscription: { IsCancelled: boolean }) => subscription.IsCancelled)).toMatchObject([
      { Key: current.Key, Quantity: 2, NextRenewalDate: null },
    ]);
  });

  it('renews on the due date with a new paid invoice; the old period shows Renewed', async () => {
    const { client } = await buyer('renew@example.com', { 'personal-health-plus-monthly': 1 });
    const [first] = (await client.call('GET', 'license/subscriptions')).body;
    expect(await renewDueManualSubscriptions(backend.deps)).toBe(0);
    backend.clock.advance(32 * day);
    expect(await renewDueManualSubscriptions(backend.deps)).toBeGreaterThanOrEqual(1);
    expect(await renewDueManualSubscriptions(backend.deps)).toBe(0);
    await logInAgain(client, 'renew@example.com');
    const list = (await client.call('GET', 'license/subscriptions')).body;
    expect(list).toHaveLength(2);
    const renewed = list.find((s: { Key: string }) => s.Key === first.Key);
    const current = list.find((s: { Key: string }) => s.Key !== first.Key);
    expect(renewed).toMatchObject({ IsRenewed: true, IsActive: false, HasExpired: true, NextRenewalDate: null });
    expect(current).toMatchObject({ IsActive: true, EffectiveDate: first.ExpirationDate, IsRenewed: false });
    const invoices = (await client.call('GET', 'billing/invoices')).body;
    expect(invoices).toHaveLength(2);
    expect(invoices[0]).toMatchObject({
      Key: current.InvoiceKey,
      TotalAmount: 540,
      TotalAmountDue: 0,
      LineItems: [{ Key: 'personal-health-plus-monthly' }],
    });
  });

  it('marks RenewalFailed and leaves the renewal invoice unpaid when the card fails', async () => {
    const { client } = await buyer('renew-fail@example.com', { 'personal-health-plus-monthly': 1 }, testCards.renewalFails);
    backend.clock.advance(32 * day);
    await renewDueManualSubscriptions(backend.deps);
    await logInAgain(client, 'renew-fail@example.com');
    const [subscription] = (await client.call('GET', 'license/subscriptions')).body;
    const [latest] = (await client.call('GET', 'billing/invoices')).body;
    expect(latest).toMatchObject({ FullyPaidDate: null, TotalAmountDue: 540 });
    // The period is over, so there is nothing to cancel; the subscription leads to the unpaid invoice.
    expect(subscription).toMatchObject({
      RenewalFailed: true,
      IsRenewed: false,
      IsActive: false,
      NextRenewalDate: null,
      InvoiceKey: latest.Key,
    });
    expect((await client.call('DELETE', `license/subscription/${subscription.Key}`)).status).toBe(400);

    // Pay Now: a checkout of that unpaid invoice continues the subscription from today.
    const payNow = await client.call('POST', `payment/create-manual-session?invoice=${latest.Key}`);
    const paid = await client.call('POST', 'payment/manual/pay', { body: testCardPayment(payNow.body.Value) });
    expect(paid.body.Status).toBe('complete');
    const after = (await client.call('GET', 'license/subscriptions')).body;
    expect(after).toHaveLength(2);
    const old = after.find((row: { Key: string }) => row.Key === subscription.Key);
    const current = after.find((row: { Key: string }) => row.Key !== subscription.Key);
    expect(old).toMatchObject({ IsRenewed: true, RenewalFailed: false, NextRenewalDate: null });
    expect(current).toMatchObject({
      IsActive: true,
      RenewalFailed: false,
      InvoiceKey: latest.Key,
      EffectiveDate: backend.clock.now().toISOString(),
    });
    expect(current.NextRenewalDate).not.toBeNull();
    expect((await client.call('GET', 'auth/session-info')).body.Claims).toContain('app:health:plus');
  });

  it('never renews one subscription twice when two renewal runs overlap', async () => {
    const { client } = await buyer('renew-twice@example.com', { 'pdf-workshop-pro-monthly': 2 });
    backend.clock.advance(32 * day);
    await Promise.all([renewDueManualSubscriptions(backend.deps), renewDueManualSubscriptions(backend.deps)]);
    await logInAgain(client, 'renew-twice@example.com');
    const list = (await client.call('GET', 'license/subscriptions')).body;
    expect(list).toHaveLength(2);
    expect((await client.call('GET', 'billing/invoices')).body).toHaveLength(2);
    const rows = await backend.database.db.select().from(subscriptions).where(eq(subscriptions.isRenewed, true));
    expect(rows.filter((row) => list.some((s: { Key: string }) => s.Key === row.id))).toHaveLength(1);
  });

  it('needs a session for every billing call', async () => {
    const client = await new TestClient(backend).prime();
    for (const path of ['billing/invoices', 'license/subscriptions', 'billing/invoice/00000000-0000-4000-8000-000000000000']) {
      expect((await client.call('GET', path)).status).toBe(401);
    }
  });
});

/** Puts the subscription mid-period: 10 days of a 30-day period used, 20 left (two thirds unused). */
async function midPeriod(key: string) {
  const now = backend.clock.now().getTime();
  const period = { effectiveAt: new Date(now - 10 * day), expiresAt: new Date(now + 20 * day), nextRenewalAt: new Date(now + 20 * day) };
  await backend.database.db.update(subscriptions).set(period).where(eq(subscriptions.id, key));
  return period;
}

describe('resuming a cancelled subscription', () => {
  it('renews again on the period’s end while the period runs, and is refused once it ended', async () => {
    const { client } = await buyer('resume@example.com', { 'pdf-workshop-pro-monthly': 1 });
    const [bought] = (await client.call('GET', 'license/subscriptions')).body;
    expect((await client.call('POST', `license/subscription/${bought.Key}/resume`)).status).toBe(400);
    expect((await client.call('DELETE', `license/subscription/${bought.Key}`)).status).toBe(200);
    const other = await newCustomer(backend, 'resume-other@example.com');
    expect((await other.call('POST', `license/subscription/${bought.Key}/resume`)).status).toBe(404);

    const resumed = await client.call('POST', `license/subscription/${bought.Key}/resume`);
    expect(resumed.body).toEqual({ ErrorMessages: [], Data: null });
    expect((await client.call('GET', `license/subscription/${bought.Key}`)).body).toMatchObject({
      IsCancelled: false,
      NextRenewalDate: bought.ExpirationDate,
    });

    expect((await client.call('DELETE', `license/subscription/${bought.Key}`)).status).toBe(200);
    backend.clock.advance(32 * day);
    await logInAgain(client, 'resume@example.com');
    const late = await client.call('POST', `license/subscription/${bought.Key}/resume`);
    expect(late.status).toBe(400);
    expect(late.body.ErrorMessages[0].Message).toBe(
      'This subscription cannot be resumed: it is not cancelled, or its paid period has ended.',
    );
    expect((await client.call('GET', `license/subscription/${bought.Key}`)).body).toMatchObject({
      IsCancelled: true,
      NextRenewalDate: null,
    });
  });
});

describe('changing plan and seats', () => {
  const preview = (client: TestClient, key: string, body: object) =>
    client.call('POST', `license/subscription/${key}/change-preview`, { body });

  it('previews an upgrade mid-period to the cent: seats and monthly to yearly, tax at the invoice’s rate', async () => {
    const { client } = await buyer('change-preview@example.com', { 'pdf-workshop-pro-monthly': 1 });
    const [bought] = (await client.call('GET', 'license/subscriptions')).body;
    const period = await midPeriod(bought.Key);
    // Three seats: 2/3 of 2997 (1998) less 2/3 of 999 (666) is 1332; Texas 8.25 % tax 110.
    expect((await preview(client, bought.Key, { OfferKey: 'pdf-workshop-pro-monthly', Quantity: 3 })).body).toEqual({
      OfferKey: 'pdf-workshop-pro-monthly',
      Description: 'PDF Workshop Pro, monthly',
      Quantity: 3,
      AppliesNow: true,
      Now: { SubTotalAmount: 1332, TaxTotalAmount: 110, TotalAmount: 1442 },
      NextRenewalDate: period.expiresAt.toISOString(),
      NextRenewal: { SubTotalAmount: 2997, TaxTotalAmount: 247, TotalAmount: 3244 },
    });
    // Yearly: a new period from now, 9900 less the unused 666.
    const yearly = await client.call('POST', `license/subscription/${bought.Key}/change-preview`, {
      body: { OfferKey: 'pdf-workshop-pro-yearly', Quantity: 1 },
      headers: { 'Accept-Language': 'de' },
    });
    expect(yearly.body).toMatchObject({
      Description: 'PDF Workshop Pro, jährlich',
      AppliesNow: true,
      Now: { SubTotalAmount: 9234, TaxTotalAmount: 762, TotalAmount: 9996 },
      NextRenewal: { SubTotalAmount: 9900, TaxTotalAmount: 817, TotalAmount: 10717 },
    });
    const nextYear = new Date(backend.clock.now());
    nextYear.setUTCFullYear(nextYear.getUTCFullYear() + 1);
    expect(new Date(yearly.body.NextRenewalDate).toISOString().slice(0, 10)).toBe(nextYear.toISOString().slice(0, 10));
    // A preview changes nothing.
    expect((await client.call('GET', `license/subscription/${bought.Key}`)).body).toMatchObject({ Quantity: 1, IsRenewed: false });
    expect((await client.call('GET', 'billing/invoices')).body).toHaveLength(1);
  });

  it('applies an upgrade now: an invoice of the prorated charge, paid, and a new period of the new seats', async () => {
    const { client } = await buyer('change-apply@example.com', { 'pdf-workshop-pro-monthly': 1 });
    const [bought] = (await client.call('GET', 'license/subscriptions')).body;
    const period = await midPeriod(bought.Key);
    const applied = await client.call('POST', `license/subscription/${bought.Key}/change`, {
      body: { OfferKey: 'pdf-workshop-pro-monthly', Quantity: 3 },
    });
    expect(applied.status).toBe(200);
    const invoice = (await client.call('GET', `billing/invoice/${applied.body.InvoiceKey}`)).body;
    expect(invoice).toMatchObject({
      LineItems: [{ Key: 'pdf-workshop-pro-monthly', Quantity: 1, UnitAmount: 1332, SubTotalAmount: 1332 }],
      SubTotalAmount: 1332,
      TaxTotalAmount: 110,
      TotalAmount: 1442,
      TotalAmountDue: 0,
      Payments: [{ Amount: 1442, IsPayment: true, Description: 'Card payment (test mode)' }],
    });
    const list = (await client.call('GET', 'license/subscriptions')).body;
    expect(list.find((row: { Key: string }) => row.Key === bought.Key)).toMatchObject({ IsRenewed: true, NextRenewalDate: null });
    expect(list.find((row: { Key: string }) => row.Key === applied.body.SubscriptionKey)).toMatchObject({
      Quantity: 3,
      IsActive: true,
      InvoiceKey: applied.body.InvoiceKey,
      EffectiveDate: backend.clock.now().toISOString(),
      ExpirationDate: period.expiresAt.toISOString(),
      NextRenewalDate: period.expiresAt.toISOString(),
    });
  });

  it('schedules a seat reduction for the next renewal: the period keeps its seats, the renewal starts and bills the new ones', async () => {
    const { client } = await buyer('change-down@example.com', { 'pdf-workshop-pro-monthly': 3 });
    const [bought] = (await client.call('GET', 'license/subscriptions')).body;
    const period = await midPeriod(bought.Key);
    const body = { OfferKey: 'pdf-workshop-pro-monthly', Quantity: 1 };
    expect((await preview(client, bought.Key, body)).body).toMatchObject({
      AppliesNow: false,
      Now: { SubTotalAmount: 0, TaxTotalAmount: 0, TotalAmount: 0 },
      NextRenewalDate: period.expiresAt.toISOString(),
      NextRenewal: { SubTotalAmount: 999, TaxTotalAmount: 82, TotalAmount: 1081 },
    });
    const applied = await client.call('POST', `license/subscription/${bought.Key}/change`, { body });
    expect(applied.body).toEqual({ SubscriptionKey: bought.Key, InvoiceKey: null });
    expect((await client.call('GET', 'billing/invoices')).body).toHaveLength(1);
    // What was paid for stays until the renewal: the subscription, the landing page and the licence.
    expect((await client.call('GET', `license/subscription/${bought.Key}`, { headers: { 'Accept-Language': 'de' } })).body).toMatchObject({
      OfferKey: 'pdf-workshop-pro-monthly',
      Quantity: 3,
      IsActive: true,
      NextRenewalDate: period.expiresAt.toISOString(),
      NextChargeAmount: 1081,
      ScheduledChange: {
        OfferKey: 'pdf-workshop-pro-monthly',
        Description: 'PDF Workshop Pro, monatlich',
        Quantity: 1,
        EffectiveDate: period.expiresAt.toISOString(),
      },
    });
    expect((await client.call('GET', 'app/hosted-app/pdf')).body.Subscriptions).toMatchObject([{ Key: bought.Key, Quantity: 3 }]);
    expect((await client.call('GET', `app/license/${bought.LicenseKey}`)).body).toMatchObject({ Valid: true, Quantity: 3 });

    backend.clock.advance(21 * day);
    await renewDueManualSubscriptions(backend.deps);
    await logInAgain(client, 'change-down@example.com');
    const [renewal] = (await client.call('GET', 'billing/invoices')).body;
    expect(renewal).toMatchObject({ LineItems: [{ Key: 'pdf-workshop-pro-monthly', Quantity: 1 }], TotalAmount: 1081, TotalAmountDue: 0 });
    const list = (await client.call('GET', 'license/subscriptions')).body;
    expect(list).toMatchObject([
      { Quantity: 1, IsActive: true, EffectiveDate: period.expiresAt.toISOString(), InvoiceKey: renewal.Key, ScheduledChange: null },
      { Key: bought.Key, Quantity: 3, IsRenewed: true, ScheduledChange: null },
    ]);
    const [renewed] = await backend.database.db.select().from(subscriptions).where(eq(subscriptions.id, bought.Key));
    expect(renewed).toMatchObject({ scheduledOfferKey: null, scheduledQuantity: null });
    expect((await client.call('GET', `app/license/${bought.LicenseKey}`)).body).toMatchObject({ Valid: true, Quantity: 1 });
  });

  it('replaces a scheduled change with a second one, drops it when the period’s own plan is chosen again, and an upgrade applies now', async () => {
    const { client } = await buyer('change-reschedule@example.com', { 'pdf-workshop-pro-yearly': 3 });
    const [bought] = (await client.call('GET', 'license/subscriptions')).body;
    const period = await midPeriod(bought.Key);
    const change = (OfferKey: string, Quantity: number) =>
      client.call('POST', `license/subscription/${bought.Key}/change`, { body: { OfferKey, Quantity } });
    const shown = async () => (await client.call('GET', `license/subscription/${bought.Key}`)).body;

    // Yearly to monthly costs less now: scheduled, and a second change replaces it.
    expect((await change('pdf-workshop-pro-monthly', 2)).body).toEqual({ SubscriptionKey: bought.Key, InvoiceKey: null });
    expect(await shown()).toMatchObject({
      OfferKey: 'pdf-workshop-pro-yearly',
      Quantity: 3,
      ScheduledChange: { OfferKey: 'pdf-workshop-pro-monthly', Quantity: 2 },
    });
    expect((await change('pdf-workshop-pro-yearly', 1)).status).toBe(200);
    expect(await shown()).toMatchObject({
      Quantity: 3,
      NextChargeAmount: 10717,
      ScheduledChange: { OfferKey: 'pdf-workshop-pro-yearly', Quantity: 1, EffectiveDate: period.expiresAt.toISOString() },
    });

    // The period's own plan and seats again: nothing charged, and the schedule is gone.
    const back = { OfferKey: 'pdf-workshop-pro-yearly', Quantity: 3 };
    expect((await preview(client, bought.Key, back)).body).toMatchObject({ AppliesNow: false, Now: { TotalAmount: 0 } });
    expect((await change('pdf-workshop-pro-yearly', 3)).body).toEqual({ SubscriptionKey: bought.Key, InvoiceKey: null });
    expect(await shown()).toMatchObject({ Quantity: 3, NextChargeAmount: 32150, ScheduledChange: null });
    expect((await change('pdf-workshop-pro-yearly', 3)).status).toBe(400);

    // Scheduled again, then more seats than were paid for: charged now, and the schedule goes with the old period.
    expect((await change('pdf-workshop-pro-yearly', 1)).status).toBe(200);
    const upgraded = await change('pdf-workshop-pro-yearly', 4);
    expect(upgraded.status).toBe(200);
    expect((await client.call('GET', `billing/invoice/${upgraded.body.InvoiceKey}`)).body).toMatchObject({
      // The unused 2/3 of one more seat: 6600, and 8.25 % tax.
      LineItems: [{ Key: 'pdf-workshop-pro-yearly', UnitAmount: 6600 }],
      TotalAmount: 7145,
      TotalAmountDue: 0,
    });
    const list = (await client.call('GET', 'license/subscriptions')).body;
    expect(list).toMatchObject([
      { Key: upgraded.body.SubscriptionKey, Quantity: 4, IsActive: true, ScheduledChange: null, NextChargeAmount: 42867 },
      { Key: bought.Key, Quantity: 3, IsRenewed: true, ScheduledChange: null },
    ]);
    expect(
      (await backend.database.db.select().from(subscriptions).where(eq(subscriptions.id, bought.Key)))[0].scheduledOfferKey,
    ).toBeNull();
  });

  it('keeps a scheduled change through a cancel and a resume; the renewal after the resume starts it', async () => {
    const { client } = await buyer('change-cancel@example.com', { 'pdf-workshop-pro-monthly': 2 });
    const [bought] = (await client.call('GET', 'license/subscriptions')).body;
    await midPeriod(bought.Key);
    await client.call('POST', `license/subscription/${bought.Key}/change`, { body: { OfferKey: 'pdf-workshop-pro-monthly', Quantity: 1 } });
    expect((await client.call('DELETE', `license/subscription/${bought.Key}`)).status).toBe(200);
    // Nothing renews, so nothing changes.
    expect((await client.call('GET', `license/subscription/${bought.Key}`)).body).toMatchObject({
      Quantity: 2,
      IsCancelled: true,
      NextChargeAmount: null,
      ScheduledChange: null,
    });
    expect((await client.call('POST', `license/subscription/${bought.Key}/resume`)).status).toBe(200);
    expect((await client.call('GET', `license/subscription/${bought.Key}`)).body).toMatchObject({
      Quantity: 2,
      NextChargeAmount: 1081,
      ScheduledChange: { Quantity: 1 },
    });
    backend.clock.advance(21 * day);
    await renewDueManualSubscriptions(backend.deps);
    await logInAgain(client, 'change-cancel@example.com');
    expect((await client.call('GET', 'license/subscriptions')).body[0]).toMatchObject({ Quantity: 1, IsActive: true });
  });

  it('refuses bad input, other apps’ plans, a declined card and a cancelled subscription with 4xx, changing nothing', async () => {
    const { client } = await buyer('change-bad@example.com', { 'pdf-workshop-pro-monthly': 1 }, testCards.renewalFails);
    const [bought] = (await client.call('GET', 'license/subscriptions')).body;
    await midPeriod(bought.Key);
    const change = (body: object) => client.call('POST', `license/subscription/${bought.Key}/change`, { body });
    const refusals: [object, number, string][] = [
      [{ OfferKey: 'pdf-workshop-pro-monthly', Quantity: 0 }, 400, 'Quantity: Must be between 1 and 100'],
      [{ OfferKey: 'pdf-workshop-pro-monthly', Quantity: 101 }, 400, 'Quantity: Must be between 1 and 100'],
      [{ OfferKey: 'pdf-workshop-pro-monthly', Quantity: 1.5 }, 400, 'Quantity: Must be between 1 and 100'],
      [{ OfferKey: 'personal-health-plus-monthly', Quantity: 1 }, 400, 'This plan cannot be chosen for this subscription.'],
      [{ OfferKey: 'pdf-workshop-free', Quantity: 1 }, 400, 'This plan cannot be chosen for this subscription.'],
      [{ OfferKey: 'no-such-plan', Quantity: 1 }, 400, 'This plan cannot be chosen for this subscription.'],
      [{ OfferKey: 'pdf-workshop-pro-monthly', Quantity: 1 }, 400, 'This is already the plan and number of seats of the subscription.'],
      [{ OfferKey: 'pdf-workshop-pro-monthly', Quantity: 2 }, 402, 'The card was declined.'],
    ];
    for (const [body, status, message] of refusals) {
      const response = await change(body);
      expect([response.status, response.body.ErrorMessages[0].Message]).toEqual([status, message]);
    }
    expect((await client.call('DELETE', `license/subscription/${bought.Key}`)).status).toBe(200);
    expect((await change({ OfferKey: 'pdf-workshop-pro-yearly', Quantity: 1 })).status).toBe(409);
    expect((await preview(client, bought.Key, { OfferKey: 'pdf-workshop-pro-yearly', Quantity: 1 })).status).toBe(409);
    expect((await client.call('GET', 'billing/invoices')).body).toHaveLength(1);
    expect((await client.call('GET', 'license/subscriptions')).body).toMatchObject([
      { Key: bought.Key, Quantity: 1, OfferKey: 'pdf-workshop-pro-monthly', IsRenewed: false },
    ]);
  });
});
