import { eq } from 'drizzle-orm';
import { cardsOnFile, users } from '@/server/db/schema';
import { purgeDueAccounts } from '@/server/services/accounts/accounts';
import { renewDueManualSubscriptions } from '@/server/services/billing/renewals';
import { strongPassword } from '../support/accounts';
import type { FakeStripe } from '../support/fake-stripe';
import { testCards } from '../support/test-cards';
import { buyWithTestCard, fillCart, logInAgain, newCustomer, startTestBackend, type TestBackend, type TestClient } from './harness';
import { startStripeTestBackend, type StripeTestBackend } from './stripe-harness';

const day = 24 * 60 * 60_000;
const visa4242 = { Brand: 'visa', Last4: '4242', ExpMonth: 12, ExpYear: 2030 };
const testCard = (number: string, expiry = '12/30') => ({ CardNumber: number.replace(/\s/g, ''), Expiry: expiry, Cvc: '123' });

describe('the card on file with the offline provider', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend();
  });
  afterAll(() => backend.close());

  /** The subscription that renews next: the one not yet renewed. */
  const current = async (client: TestClient) =>
    ((await client.call('GET', 'license/subscriptions')).body as { IsRenewed: boolean; RenewalFailed: boolean }[]).find(
      (subscription) => !subscription.IsRenewed,
    );

  it('has no card before a purchase, and keeps the card that paid', async () => {
    const client = await newCustomer(backend, 'card-buyer@example.com');
    expect((await client.call('GET', 'billing/card')).body).toEqual({ Card: null });
    await buyWithTestCard(client, { 'personal-health-plus-monthly': 1 }, testCards.renewalFails);
    expect((await client.call('GET', 'billing/card')).body).toEqual({ Card: { ...visa4242, Last4: '0341' } });
  });

  it('updates the card with a test card; the decline card changes nothing', async () => {
    const client = await newCustomer(backend, 'card-update@example.com');
    await buyWithTestCard(client, { 'personal-health-plus-monthly': 1 });
    const declined = await client.call('POST', 'billing/card/manual', { body: testCard(testCards.declined) });
    expect(declined.body).toEqual({ Status: 'declined', Card: visa4242 });
    const saved = await client.call('POST', 'billing/card/manual', { body: testCard(testCards.renewalFails, '03 / 31') });
    expect(saved.body).toEqual({ Status: 'saved', Card: { Brand: 'visa', Last4: '0341', ExpMonth: 3, ExpYear: 2031 } });
    expect((await client.call('GET', 'billing/card')).body.Card).toEqual(saved.body.Card);
  });

  it('refuses a malformed or expired card with the field’s message, and a call without a session', async () => {
    const client = await newCustomer(backend, 'card-bad@example.com');
    const malformed = await client.call('POST', 'billing/card/manual', { body: testCard('4242', '13/30') });
    expect(malformed.status).toBe(400);
    expect(malformed.body.ErrorMessages.map((error: { Field: string }) => error.Field).sort()).toEqual(['CardNumber', 'Expiry']);
    const expired = await client.call('POST', 'billing/card/manual', { body: testCard(testCards.success, '01/20') });
    expect(expired.status).toBe(400);
    expect((await client.call('GET', 'billing/card')).body).toEqual({ Card: null });
    const anonymous = await newCustomer(backend, 'card-anon@example.com');
    await anonymous.call('PUT', 'auth/logout');
    expect((await anonymous.call('GET', 'billing/card')).status).toBe(401);
    expect((await client.call('POST', 'billing/card/stripe-session')).status).toBe(404);
  });

  it('charges the next renewal to the new card: a failing card on file fails it, a good one pays it', async () => {
    const client = await newCustomer(backend, 'card-renewal@example.com');
    await buyWithTestCard(client, { 'personal-health-plus-monthly': 1 });
    // The card that bought it would pay; the one saved since fails.
    await client.call('POST', 'billing/card/manual', { body: testCard(testCards.renewalFails) });
    backend.clock.advance(32 * day);
    await renewDueManualSubscriptions(backend.deps);
    await logInAgain(client, 'card-renewal@example.com');
    expect(await current(client)).toMatchObject({ RenewalFailed: true });

    const other = await newCustomer(backend, 'card-renewal-good@example.com');
    await buyWithTestCard(other, { 'personal-health-plus-monthly': 1 }, testCards.renewalFails);
    await other.call('POST', 'billing/card/manual', { body: testCard(testCards.success) });
    backend.clock.advance(32 * day);
    await renewDueManualSubscriptions(backend.deps);
    await logInAgain(other, 'card-renewal-good@example.com');
    expect(await current(other)).toMatchObject({ RenewalFailed: false });
    const [renewal] = (await other.call('GET', 'billing/invoices')).body;
    expect(renewal.TotalAmountDue).toBe(0);
    expect(renewal.Payments).toMatchObject([{ IsPayment: true }]);
  });

  it('links the failed renewal mail to the card page, in the customer’s language', async () => {
    const client = await newCustomer(backend, 'card-mail@example.com');
    await backend.database.db.update(users).set({ language: 'de' }).where(eq(users.email, 'card-mail@example.com'));
    await buyWithTestCard(client, { 'personal-health-plus-monthly': 1 }, testCards.renewalFails);
    backend.clock.advance(32 * day);
    await renewDueManualSubscriptions(backend.deps);
    await backend.deliverMail();
    const [mail] = backend.mail.to('card-mail@example.com').filter((sent) => /Verlängerungszahlung/.test(sent.subject));
    expect(mail.text).toContain('ändern Sie sie hier: http://localhost:3000/de/account/billing/card');
    expect(mail.text).toMatch(/\/de\/store\/checkout\?invoice=/);
  });

  it('lists the card in the data export and forgets it when the account is erased', async () => {
    const client = await newCustomer(backend, 'card-leaving@example.com');
    await buyWithTestCard(client, { 'personal-health-plus-monthly': 1 });
    expect((await client.call('GET', 'user/data-export')).body.CardOnFile).toEqual(visa4242);
    const [{ id }] = await backend.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'card-leaving@example.com'));
    expect((await client.call('PUT', 'user/delete-account', { body: { CurrentPassword: strongPassword } })).status).toBe(200);
    backend.clock.advance(8 * day);
    await purgeDueAccounts(backend.deps);
    expect(await backend.database.db.select().from(cardsOnFile).where(eq(cardsOnFile.userId, id))).toEqual([]);
  });
});

describe('the card on file with Stripe (against the fake Stripe API)', () => {
  let stripe: FakeStripe;
  let backend: TestBackend;
  let stripeSide: StripeTestBackend;
  beforeAll(async () => {
    stripeSide = await startStripeTestBackend();
    ({ stripe, backend } = stripeSide);
  });
  afterAll(() => stripeSide.close());

  const sessionIdOf = (secret: string) => secret.split('_secret_')[0];

  /** A customer who bought a monthly plan with Stripe, paying with this card. */
  async function subscriber(email: string, card: { last4: string; exp_month: number; exp_year: number }) {
    const client = await newCustomer(backend, email);
    await fillCart(client, { 'pdf-workshop-pro-monthly': 1 });
    const sessionId = sessionIdOf((await client.call('POST', 'payment/create-stripe-session')).body.Value);
    const session = stripe.complete(sessionId, undefined, { brand: 'mastercard', ...card });
    expect((await client.call('POST', 'payment/stripe-return', { body: { Value: sessionId } })).body.Status).toBe('complete');
    return { client, customer: String(session.customer), subscription: String(session.subscription) };
  }

  it('keeps the card that paid for the subscription', async () => {
    const { client } = await subscriber('stripe-card@example.com', { last4: '4444', exp_month: 8, exp_year: 2029 });
    expect((await client.call('GET', 'billing/card')).body).toEqual({
      Card: { Brand: 'mastercard', Last4: '4444', ExpMonth: 8, ExpYear: 2029 },
    });
  });

  it('updates the card through a setup-mode session: the new card becomes the default of the customer and its subscriptions', async () => {
    const { client, customer, subscription } = await subscriber('stripe-new-card@example.com', {
      last4: '4444',
      exp_month: 8,
      exp_year: 2029,
    });
    const created = await client.call('POST', 'billing/card/stripe-session', { headers: { 'Accept-Language': 'de' } });
    expect(created.status).toBe(200);
    expect(stripe.created.at(-1)).toMatchObject({
      ui_mode: 'embedded_page',
      mode: 'setup',
      currency: 'usd',
      customer,
      locale: 'de',
      return_url: 'https://shop.example.com/account/billing/card?session_id={CHECKOUT_SESSION_ID}',
    });
    const sessionId = sessionIdOf(created.body.Value);
    const open = await client.call('POST', 'billing/card/stripe-return', { body: { Value: sessionId } });
    expect(open.body).toEqual({ Status: 'open', Card: { Brand: 'mastercard', Last4: '4444', ExpMonth: 8, ExpYear: 2029 } });

    stripe.complete(sessionId, undefined, { brand: 'visa', last4: '1881', exp_month: 2, exp_year: 2031 });
    const saved = await client.call('POST', 'billing/card/stripe-return', { body: { Value: sessionId } });
    expect(saved.body).toEqual({ Status: 'complete', Card: { Brand: 'visa', Last4: '1881', ExpMonth: 2, ExpYear: 2031 } });
    const [row] = await backend.database.db
      .select()
      .from(cardsOnFile)
      .innerJoin(users, eq(users.id, cardsOnFile.userId))
      .where(eq(users.email, 'stripe-new-card@example.com'));
    const paymentMethod = row.cards_on_file.providerRef;
    expect(paymentMethod).toMatch(/^pm_/);
    expect(stripe.paymentMethods.get(paymentMethod!)).toMatchObject({ customer, card: { last4: '1881' } });
    expect(stripe.customers.get(customer)).toMatchObject({ invoice_settings: { default_payment_method: paymentMethod } });
    expect(stripe.subscriptions.get(subscription)).toMatchObject({ default_payment_method: paymentMethod });
  });

  it('saves the card from the webhook when the return page never comes, and only for the account that started it', async () => {
    const { client, customer } = await subscriber('stripe-card-hook@example.com', { last4: '4444', exp_month: 8, exp_year: 2029 });
    const sessionId = sessionIdOf((await client.call('POST', 'billing/card/stripe-session')).body.Value);
    const session = stripe.complete(sessionId, undefined, { last4: '0005', brand: 'amex' });
    expect((await stripeSide.deliver('checkout.session.completed', session)).status).toBe(200);
    expect((await client.call('GET', 'billing/card')).body.Card).toMatchObject({ Brand: 'amex', Last4: '0005' });
    expect(stripe.customers.get(customer)).toMatchObject({ invoice_settings: { default_payment_method: expect.stringMatching(/^pm_/) } });

    const stranger = await newCustomer(backend, 'stripe-card-stranger@example.com');
    expect((await stranger.call('POST', 'billing/card/stripe-return', { body: { Value: sessionId } })).status).toBe(404);
    expect((await stranger.call('POST', 'billing/card/stripe-return', { body: { Value: 'cs_test_unknown' } })).status).toBe(404);
    expect((await stranger.call('POST', 'billing/card/manual', { body: testCard(testCards.success) })).status).toBe(404);
  });

  it('makes a Stripe customer for an account that has none yet', async () => {
    const client = await newCustomer(backend, 'stripe-card-first@example.com');
    const created = await client.call('POST', 'billing/card/stripe-session');
    expect(created.status).toBe(200);
    const customer = String(stripe.created.at(-1)!.customer);
    expect(stripe.customers.get(customer)).toMatchObject({ email: 'stripe-card-first@example.com' });
    const sessionId = sessionIdOf(created.body.Value);
    stripe.complete(sessionId);
    expect((await client.call('POST', 'billing/card/stripe-return', { body: { Value: sessionId } })).body).toEqual({
      Status: 'complete',
      Card: visa4242,
    });
  });
});
