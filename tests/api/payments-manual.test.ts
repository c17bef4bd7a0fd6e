import { eq } from 'drizzle-orm';
import { checkoutSessions, invoices, payments, subscriptions } from '@/server/db/schema';
import { limits } from '@/server/services/platform/rate-limit';
import { testCardPayment, testCards } from '../support/test-cards';
import { fillCart, newCustomer, startTestBackend, TestClient, type TestBackend } from './harness';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

const decodeTwice = (value: string) => Buffer.from(Buffer.from(value, 'base64').toString(), 'base64').toString();

async function checkout(client: TestClient) {
  const created = await client.call('POST', 'payment/create-manual-session');
  expect(created.status).toBe(200);
  return created.body.Value as string;
}

describe('payment with the manual provider', () => {
  it('says which provider is active, with the key encoded twice', async () => {
    const info = await new TestClient(backend).call('GET', 'payment/key-info');
    expect(info.body.Provider).toBe('manual');
    expect(decodeTwice(info.body.Value)).toBe('manual_test_mode');
  });

  it('refuses checkout of an empty cart or without billing address', async () => {
    const client = await newCustomer(backend, 'empty@example.com');
    const empty = await client.call('POST', 'payment/create-manual-session');
    expect(empty.status).toBe(400);
    expect(empty.body.ErrorMessages[0].Message).toBe('The cart is empty.');
    await client.call('PUT', 'store/cart', {
      body: { Items: [{ ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: 1 }], IsAddition: true },
    });
    const noBilling = await client.call('POST', 'payment/create-manual-session');
    expect(noBilling.body.ErrorMessages[0].Message).toBe('Please complete the billing address before checkout.');
    expect((await client.call('POST', 'payment/create-stripe-session')).status).toBe(404);
  });

  it('declines the decline card and leaves everything open for another try', async () => {
    const client = await newCustomer(backend, 'declined@example.com');
    await fillCart(client, { 'pdf-workshop-pro-monthly': 1 });
    const secret = await checkout(client);
    const paid = await client.call('POST', 'payment/manual/pay', { body: testCardPayment(secret, testCards.declined) });
    expect(paid.body.Status).toBe('declined');
    const back = await client.call('POST', 'payment/manual-return', { body: { Value: paid.body.SessionId } });
    expect(back.body).toMatchObject({ Status: 'open', NewClaims: [] });
    expect((await client.call('GET', 'app/app-info')).body.CartItemCount).toBe(1);
  });

  it('pays, fulfils once, and answers the return page with the claims and the invoice', async () => {
    const client = await newCustomer(backend, 'buyer@example.com');
    await fillCart(client, { 'pdf-workshop-pro-monthly': 2, 'consulting-architecture-review': 1 });
    const before = {
      invoices: await backend.rowCount(invoices),
      payments: await backend.rowCount(payments),
      subscriptions: await backend.rowCount(subscriptions),
    };
    const secret = await checkout(client);
    // A second checkout of the same cart reuses the same unpaid invoice.
    await checkout(client);
    // The number with the spaces a person types: the API takes that too.
    const paid = await client.call('POST', 'payment/manual/pay', { body: { ...testCardPayment(secret), CardNumber: testCards.success } });
    expect(paid.body.Status).toBe('complete');
    const back = await client.call('POST', 'payment/manual-return', { body: { Value: paid.body.SessionId } });
    expect(back.body).toEqual({ Status: 'complete', NewClaims: ['app:health', 'app:pdf', 'app:pdf:pro'], InvoiceKey: expect.any(String) });
    const again = await client.call('POST', 'payment/manual-return', { body: { Value: paid.body.SessionId } });
    expect(again.body).toEqual(back.body);
    expect({
      invoices: await backend.rowCount(invoices),
      payments: await backend.rowCount(payments),
      subscriptions: await backend.rowCount(subscriptions),
    }).toEqual({
      invoices: before.invoices + 1,
      payments: before.payments + 1,
      subscriptions: before.subscriptions + 1,
    });
    const [invoice] = await backend.database.db.select().from(invoices).where(eq(invoices.id, back.body.InvoiceKey));
    // 2 × $9.99 + $1,500.00 = $1,519.98; 8.25 % → $125.40
    expect(invoice).toMatchObject({
      subTotalCents: 151998,
      taxCents: 12540,
      totalCents: 164538,
      billingStateName: 'Texas',
      billingCountryName: 'United States of America',
      billingEmail: 'buyer@example.com',
    });
    expect(invoice.fullyPaidAt).not.toBeNull();
    // One subscription for the subscription line, holding its quantity; the one-off service has none.
    const bought = await backend.database.db.select().from(subscriptions).where(eq(subscriptions.invoiceId, invoice.id));
    expect(bought.map((row) => [row.offerKey, row.quantity, row.userId])).toEqual([['pdf-workshop-pro-monthly', 2, invoice.userId]]);
    expect((await client.call('GET', 'app/app-info')).body.CartItemCount).toBe(0);
    expect((await client.call('GET', 'auth/session-info')).body.Claims).toContain('app:pdf:pro');
    const reuse = await client.call('POST', 'payment/manual/pay', { body: testCardPayment(secret) });
    expect(reuse.status).toBe(409);
    expect(reuse.body.Data).toBe(invoice.id);
  });

  it('versions the open invoice when the cart changes before paying', async () => {
    const client = await newCustomer(backend, 'changer@example.com');
    await fillCart(client, { 'pdf-workshop-pro-monthly': 1 });
    await checkout(client);
    const [first] = await backend.database.db.select().from(invoices).where(eq(invoices.billingEmail, 'changer@example.com'));
    await fillCart(client, { 'pdf-workshop-pro-monthly': 3 });
    await checkout(client);
    const all = await backend.database.db.select().from(invoices).where(eq(invoices.billingEmail, 'changer@example.com'));
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ number: first.number, version: 2, subTotalCents: 2997 });
    expect(all[0].number).toMatch(/^\d{4}-\d{5}$/);
  });

  it('refuses to pay a checkout of the cart as it was before a change, and charges the new one in full', async () => {
    const client = await newCustomer(backend, 'stale@example.com');
    await fillCart(client, { 'pdf-workshop-pro-monthly': 1 });
    const stale = await checkout(client);
    await fillCart(client, { 'pdf-workshop-pro-monthly': 2, 'consulting-architecture-review': 1 });
    const current = await checkout(client);
    const before = { payments: await backend.rowCount(payments), subscriptions: await backend.rowCount(subscriptions) };
    const refused = await client.call('POST', 'payment/manual/pay', { body: testCardPayment(stale) });
    expect(refused.status).toBe(400);
    expect(refused.body.ErrorMessages[0].Message).toBe('This payment session is already closed.');
    expect({ payments: await backend.rowCount(payments), subscriptions: await backend.rowCount(subscriptions) }).toEqual(before);

    const paid = await client.call('POST', 'payment/manual/pay', { body: testCardPayment(current) });
    expect(paid.body.Status).toBe('complete');
    const back = await client.call('POST', 'payment/manual-return', { body: { Value: paid.body.SessionId } });
    const invoice = (await client.call('GET', `billing/invoice/${back.body.InvoiceKey}`)).body;
    expect(invoice).toMatchObject({ InvoiceVersion: 2, TotalAmount: 164538, TotalAmountDue: 0 });
    expect(invoice.Payments.map((payment: { Amount: number }) => payment.Amount)).toEqual([164538]);
  });

  it('closes the other checkouts of an invoice once one is paid, and refunds a payment that raced past that', async () => {
    const client = await newCustomer(backend, 'two-tabs@example.com');
    await fillCart(client, { 'pdf-workshop-pro-monthly': 1 });
    const [first, second, third] = [await checkout(client), await checkout(client), await checkout(client)];
    const paid = await client.call('POST', 'payment/manual/pay', { body: testCardPayment(first) });
    expect(paid.body.Status).toBe('complete');
    // The second tab's PAY now finds its checkout closed by that payment: it is told the invoice is paid.
    const refused = await client.call('POST', 'payment/manual/pay', { body: testCardPayment(second) });
    expect(refused.status).toBe(409);
    expect(refused.body.ErrorMessages[0].Message).toMatch(/^Invoice \d{4}-\d{5} has already been paid\.$/);

    // The third tab's card was taken at the same moment as the first's (its checkout completed before it was closed).
    const raced = third.split('_secret_')[0];
    await backend.database.db
      .update(checkoutSessions)
      .set({ status: 'complete', testCardOutcome: 'success' })
      .where(eq(checkoutSessions.id, raced));
    const back = await client.call('POST', 'payment/manual-return', { body: { Value: raced } });
    expect(back.body).toEqual({ Status: 'refunded', NewClaims: [], InvoiceKey: expect.any(String) });
    expect((await client.call('POST', 'payment/manual-return', { body: { Value: raced } })).body.Status).toBe('refunded');
    const invoice = (await client.call('GET', `billing/invoice/${back.body.InvoiceKey}`)).body;
    expect(invoice.TotalAmountDue).toBe(0);
    expect(
      invoice.Payments.map((payment: { Amount: number; IsPayment: boolean; Description: string }) => [
        payment.Amount,
        payment.IsPayment,
        payment.Description,
      ]),
    ).toEqual([
      [1081, true, 'Card payment (test mode)'],
      [1081, true, 'Card payment (test mode)'],
      [1081, false, 'Refund: this invoice was already paid'],
    ]);
    expect(await backend.database.db.select().from(subscriptions).where(eq(subscriptions.invoiceId, back.body.InvoiceKey))).toHaveLength(1);
  });

  it('takes only what was paid out of the cart when an older invoice is paid', async () => {
    const client = await newCustomer(backend, 'older@example.com');
    await fillCart(client, { 'pdf-workshop-pro-monthly': 2 });
    await checkout(client);
    const [older] = (await client.call('GET', 'billing/invoices')).body;
    await client.call('PUT', 'store/cart', {
      body: {
        Items: [
          { ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: 1 },
          { ServiceOfferKey: 'consulting-architecture-review', Quantity: 1 },
        ],
        IsAddition: true,
      },
    });
    // Pay Now on the billing page: the older invoice (2 units), not the cart (3 units and a service).
    const payNow = await client.call('POST', `payment/create-manual-session?invoice=${older.Key}`);
    const paid = await client.call('POST', 'payment/manual/pay', { body: testCardPayment(payNow.body.Value) });
    expect(paid.body.Status).toBe('complete');
    const cart = (await client.call('GET', 'store/cart')).body;
    expect(cart.LineItems.map((item: { Key: string; Quantity: number }) => [item.Key, item.Quantity])).toEqual([
      ['pdf-workshop-pro-monthly', 1],
      ['consulting-architecture-review', 1],
    ]);
  });

  it('keeps sessions and secrets to their owner', async () => {
    const ann = await newCustomer(backend, 'owner-ann@example.com');
    const bob = await newCustomer(backend, 'owner-bob@example.com');
    await fillCart(ann, { 'pdf-workshop-pro-monthly': 1 });
    const secret = await checkout(ann);
    const stolen = await bob.call('POST', 'payment/manual/pay', { body: testCardPayment(secret) });
    expect(stolen.status).toBe(404);
    const forged = await ann.call('POST', 'payment/manual/pay', { body: testCardPayment(`${secret.split('_secret_')[0]}_secret_guess`) });
    expect(forged.status).toBe(404);
    const sessionId = secret.split('_secret_')[0];
    expect((await bob.call('POST', 'payment/manual-return', { body: { Value: sessionId } })).status).toBe(404);
  });

  it('limits the checkouts one customer starts, and starts again once the window has passed', async () => {
    const eager = await newCustomer(backend, 'eager@example.com');
    await fillCart(eager, { 'pdf-workshop-pro-monthly': 1 });
    const started = await Promise.all(
      Array.from({ length: limits.checkoutsPerCustomer.max }, () => eager.call('POST', 'payment/create-manual-session')),
    );
    expect(started.map((answer) => answer.status)).toEqual(started.map(() => 200));
    const refused = await eager.call('POST', 'payment/create-manual-session');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.body.ErrorMessages).toEqual([
      { Message: 'Too many checkouts were started. Please wait a few minutes and try again.', Code: 'tooManyCheckouts' },
    ]);
    // Someone else is not held back.
    const other = await newCustomer(backend, 'patient@example.com');
    await fillCart(other, { 'pdf-workshop-pro-monthly': 1 });
    expect((await other.call('POST', 'payment/create-manual-session')).status).toBe(200);
    backend.clock.advance(limits.checkoutsPerCustomer.windowMs);
    expect((await eager.call('POST', 'payment/create-manual-session')).status).toBe(200);
  });

  it('validates the card form', async () => {
    const client = await newCustomer(backend, 'form@example.com');
    const bad = await client.call('POST', 'payment/manual/pay', {
      body: { ClientSecret: 'x', CardNumber: '12ab', Expiry: '13/30', Cvc: '1' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.ErrorMessages.map((m: { Message: string }) => m.Message)).toEqual([
      'CardNumber: Enter a card number of 12 to 19 digits',
      'Expiry: Enter the expiry as MM/YY',
      'Cvc: Enter the 3 or 4 digit security code',
    ]);
    const expired = await client.call('POST', 'payment/manual/pay', {
      body: { ClientSecret: 'x', CardNumber: '4242424242424242', Expiry: '01/20', Cvc: '123' },
    });
    expect(expired.body.ErrorMessages.map((m: { Message: string }) => m.Message)).toEqual(['Expiry: This card has expired']);
  });
});

describe('provider selection', () => {
  it('refuses the manual provider in production unless enabled on purpose', async () => {
    const { loadBackendConfig } = await import('@/server/config');
    const { selectPaymentProvider } = await import('@/server/services/payments/select');
    const db = backend.database.db;
    const production = { NODE_ENV: 'production', SITE_URL: 'https://www.example.com', SECRETS_KEY: 'ab'.repeat(32) };
    expect(selectPaymentProvider(loadBackendConfig(production), db)).toBeNull();
    expect(selectPaymentProvider(loadBackendConfig({ ...production, PAYMENTS_MANUAL_ENABLED: 'true' }), db)?.name).toBe('manual');
    expect(selectPaymentProvider(loadBackendConfig({ NODE_ENV: 'development' }), db)?.name).toBe('manual');
    expect(
      selectPaymentProvider(loadBackendConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' }), db)?.name,
    ).toBe('stripe');
  });

  it('answers 503 with a clear message when no provider may run', async () => {
    const none = await startTestBackend({ PAYMENTS_MANUAL_ENABLED: 'false' });
    try {
      none.deps.payments = null;
      const response = await new TestClient(none).call('GET', 'payment/key-info');
      expect(response.status).toBe(503);
      expect(response.body.ErrorMessages[0].Message).toMatch(/payment provider/);
    } finally {
      await none.close();
    }
  });
});
