import { and, eq, isNotNull } from 'drizzle-orm';
import { invoices, payments, subscriptions, users } from '@/server/db/schema';
import type { FakeStripe } from '../support/fake-stripe';
import { fillCart, logInAgain, newCustomer, strongPassword, TestClient, type TestBackend } from './harness';
import { startStripeTestBackend, type StripeTestBackend } from './stripe-harness';

let stripe: FakeStripe;
let backend: TestBackend;
let deliver: StripeTestBackend['deliver'];
let stripeSide: StripeTestBackend;
beforeAll(async () => {
  stripeSide = await startStripeTestBackend();
  ({ stripe, backend, deliver } = stripeSide);
});
afterAll(() => stripeSide.close());

const sessionIdOf = (secret: string) => secret.split('_secret_')[0];

/** The account's rows a scheduled deletion cancelled and holds the renewal date of. */
async function heldRenewals(email: string) {
  const rows = await backend.database.db
    .select({ isCancelled: subscriptions.isCancelled, held: subscriptions.renewalHeldForDeletionAt })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(and(eq(users.email, email), isNotNull(subscriptions.renewalHeldForDeletionAt)));
  for (const row of rows) expect(row.isCancelled).toBe(true);
  return rows;
}

async function startCheckout(email: string, items: Record<string, number>) {
  const client = await newCustomer(backend, email);
  await fillCart(client, items);
  const created = await client.call('POST', 'payment/create-stripe-session');
  expect(created.status).toBe(200);
  return { client, sessionId: sessionIdOf(created.body.Value), secret: created.body.Value as string };
}

describe('payment with Stripe (against a local fake Stripe API)', () => {
  it('announces Stripe with its publishable key encoded twice', async () => {
    const info = await new TestClient(backend).call('GET', 'payment/key-info');
    expect(info.body.Provider).toBe('stripe');
    expect(Buffer.from(Buffer.from(info.body.Value, 'base64').toString(), 'base64').toString()).toBe('pk_test_fake');
  });

  it('creates an embedded subscription checkout with prices, tax line, return URL and idempotency key', async () => {
    const { secret } = await startCheckout('stripe-create@example.com', {
      'pdf-workshop-pro-monthly': 2,
      'consulting-architecture-review': 1,
    });
    expect(secret).toMatch(/^cs_test_\w+_secret_/);
    const params = stripe.created.at(-1)!;
    expect(params).toMatchObject({
      ui_mode: 'embedded_page',
      mode: 'subscription',
      customer_email: 'stripe-create@example.com',
      return_url: 'https://shop.example.com/store/payment-return?session_id={CHECKOUT_SESSION_ID}',
    });
    const lines = Object.values(params.line_items as Record<string, { quantity: string; price_data: Record<string, unknown> }>);
    expect(
      lines.map((line) => [
        line.quantity,
        line.price_data.unit_amount,
        (line.price_data.recurring as Record<string, string> | undefined)?.interval_count ?? null,
      ]),
    ).toEqual([
      ['2', '999', '1'],
      ['1', '150000', null],
      ['1', '12540', null],
    ]);
    expect(lines.map((line) => (line.price_data.product_data as Record<string, string>).name)).toEqual([
      'PDF Workshop Pro, monthly',
      'Architecture review (one week)',
      'Tax',
    ]);
    expect(params.locale).toBe('en');
  });

  it('shows the checkout in the buyer’s language, one session per language for the same invoice', async () => {
    const client = await newCustomer(backend, 'stripe-deutsch@example.com');
    await fillCart(client, { 'pdf-workshop-pro-monthly': 1 });
    const german = await client.call('POST', 'payment/create-stripe-session', { headers: { 'Accept-Language': 'de' } });
    const params = stripe.created.at(-1)!;
    expect(params.locale).toBe('de');
    const names = Object.values(params.line_items as Record<string, { price_data: { product_data: { name: string } } }>).map(
      (line) => line.price_data.product_data.name,
    );
    expect(names).toEqual(['PDF Workshop Pro, monatlich', 'Steuer']);
    const russian = await client.call('POST', 'payment/create-stripe-session', { headers: { 'Accept-Language': 'ru' } });
    expect(stripe.created.at(-1)!.locale).toBe('ru');
    expect(sessionIdOf(russian.body.Value)).not.toBe(sessionIdOf(german.body.Value));
    const germanAgain = await client.call('POST', 'payment/create-stripe-session', { headers: { 'Accept-Language': 'de' } });
    expect(germanAgain.body.Value).toBe(german.body.Value);
  });

  it('uses payment mode when nothing recurs', async () => {
    await startCheckout('stripe-once@example.com', { 'consulting-architecture-review': 1 });
    expect(stripe.created.at(-1)!.mode).toBe('payment');
  });

  it('reports an open session as open, and fulfils a paid one once even when return and webhook race', async () => {
    const { client, sessionId } = await startCheckout('stripe-race@example.com', { 'pdf-workshop-pro-yearly': 1 });
    const open = await client.call('POST', 'payment/stripe-return', { body: { Value: sessionId } });
    expect(open.body).toMatchObject({ Status: 'open', NewClaims: [] });

    const before = {
      invoices: await backend.rowCount(invoices),
      payments: await backend.rowCount(payments),
      subscriptions: await backend.rowCount(subscriptions),
    };
    const session = stripe.complete(sessionId);
    const [fromReturn, fromWebhook, fromWebhookAgain] = await Promise.all([
      client.call('POST', 'payment/stripe-return', { body: { Value: sessionId } }),
      deliver('checkout.session.completed', session, { id: 'evt_race_1' }),
      deliver('checkout.session.completed', session, { id: 'evt_race_2' }),
    ]);
    expect(fromReturn.body).toMatchObject({ Status: 'complete', NewClaims: expect.arrayContaining(['app:pdf:pro']) });
    expect([fromWebhook.status, fromWebhookAgain.status]).toEqual([200, 200]);
    expect({
      invoices: await backend.rowCount(invoices),
      payments: await backend.rowCount(payments),
      subscriptions: await backend.rowCount(subscriptions),
    }).toEqual({
      invoices: before.invoices,
      payments: before.payments + 1,
      subscriptions: before.subscriptions + 1,
    });
    const [subscription] = await backend.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.invoiceId, fromReturn.body.InvoiceKey));
    expect(subscription.providerSubscriptionId).toBe(session.subscription);
    // The same event delivered again changes nothing.
    expect((await deliver('checkout.session.completed', session, { id: 'evt_race_1' })).status).toBe(200);
    expect(await backend.rowCount(payments)).toBe(before.payments + 1);
  });

  it('expires the checkout of an earlier cart, and delivers nothing for one paid in the race past that', async () => {
    const { client, sessionId: first } = await startCheckout('stripe-changed@example.com', { 'pdf-workshop-pro-monthly': 1 });
    await fillCart(client, { 'pdf-workshop-pro-monthly': 3 });
    const second = await client.call('POST', 'payment/create-stripe-session');
    expect(second.status).toBe(200);
    expect(stripe.sessions.get(first)?.status).toBe('expired');
    expect((await client.call('POST', 'payment/stripe-return', { body: { Value: first } })).body.Status).toBe('expired');

    // The buyer pays the 3-unit checkout just as another tab changes the cart again: Stripe
    // cannot expire a paid session, so its payment arrives for an invoice that moved on.
    const secondId = sessionIdOf(second.body.Value);
    const paidLate = stripe.complete(secondId);
    await fillCart(client, { 'pdf-workshop-pro-monthly': 5 });
    expect((await client.call('POST', 'payment/create-stripe-session')).status).toBe(200);
    expect(stripe.sessions.get(secondId)?.status).toBe('complete');
    const subscriptionsBefore = await backend.rowCount(subscriptions);
    const back = await client.call('POST', 'payment/stripe-return', { body: { Value: secondId } });
    expect(back.body).toMatchObject({ Status: 'failed', NewClaims: [] });
    expect((await deliver('checkout.session.completed', paidLate, { id: 'evt_outdated_1' })).status).toBe(200);

    const invoice = (await client.call('GET', `billing/invoice/${back.body.InvoiceKey}`)).body;
    expect(invoice).toMatchObject({ InvoiceVersion: 3, FullyPaidDate: null, SubTotalAmount: 5 * 999 });
    expect(invoice.Payments.map((payment: { Amount: number }) => payment.Amount)).toEqual([paidLate.amount_total]);
    expect(invoice.TotalAmountDue).toBe(invoice.TotalAmount - paidLate.amount_total);
    expect(await backend.rowCount(subscriptions)).toBe(subscriptionsBefore);
    expect((await client.call('GET', 'app/app-info')).body.CartItemCount).toBe(5);
  });

  it('answers a repeated checkout of the same cart with Stripe’s same session', async () => {
    const { client, secret } = await startCheckout('stripe-twice@example.com', { 'pdf-workshop-pro-monthly': 1 });
    const again = await client.call('POST', 'payment/create-stripe-session');
    expect(again.status).toBe(200);
    expect(again.body.Value).toBe(secret);
  });

  it('rejects a webhook with a bad signature and changes nothing', async () => {
    const { sessionId } = await startCheckout('stripe-forged@example.com', { 'pdf-workshop-pro-monthly': 1 });
    const session = stripe.complete(sessionId);
    const paymentsBefore = await backend.rowCount(payments);
    const forged = await deliver('checkout.session.completed', session, { secret: 'whsec_wrong' });
    expect(forged.status).toBe(400);
    expect((await forged.json()).ErrorMessages[0].Message).toBe('The webhook signature is not valid.');
    const unsigned = await backend.app.request('/api/payment/stripe-webhook', {
      method: 'POST',
      body: JSON.stringify({ id: 'evt_x', type: 'checkout.session.completed', data: { object: session } }),
    });
    expect(unsigned.status).toBe(400);
    expect(await backend.rowCount(payments)).toBe(paymentsBefore);
  });

  it('gives a clear message and keeps nothing half-done when Stripe fails', async () => {
    const client = await newCustomer(backend, 'stripe-down@example.com');
    await fillCart(client, { 'pdf-workshop-pro-monthly': 1 });
    stripe.failNext(1);
    const failed = await client.call('POST', 'payment/create-stripe-session');
    expect(failed.status).toBe(502);
    expect(failed.body.ErrorMessages[0].Message).toMatch(/Nothing was charged/);
    const retried = await client.call('POST', 'payment/create-stripe-session');
    expect(retried.status).toBe(200);
    const mine = await backend.database.db.select().from(invoices).where(eq(invoices.billingEmail, 'stripe-down@example.com'));
    expect(mine).toHaveLength(1);
    expect(mine[0].fullyPaidAt).toBeNull();
  });

  it('gives up on a Stripe that answers too slowly, with the same clear message', async () => {
    const client = await newCustomer(backend, 'stripe-slow@example.com');
    await fillCart(client, { 'pdf-workshop-pro-monthly': 1 });
    stripe.slowDown(8000);
    try {
      const slow = await client.call('POST', 'payment/create-stripe-session');
      expect(slow.status).toBe(502);
      expect(slow.body.ErrorMessages[0].Message).toMatch(/Nothing was charged/);
    } finally {
      stripe.slowDown(0);
    }
    expect(
      (await client.call('GET', 'billing/invoices')).body.every(
        (invoice: { FullyPaidDate: string | null }) => invoice.FullyPaidDate === null,
      ),
    ).toBe(true);
    // Reported three times, paid once: one receipt.
    await backend.deliverMail();
    expect(backend.mail.to('stripe-race@example.com').filter((mail) => mail.subject.startsWith('Receipt'))).toHaveLength(1);
  });

  it('closes the other open checkouts of a paid invoice, and refunds a second payment that still arrives', async () => {
    const { client, sessionId } = await startCheckout('stripe-two-tabs@example.com', { 'pdf-workshop-pro-monthly': 1 });
    // Three tabs of one invoice version (one checkout per language); two take a card before either returns.
    const second = sessionIdOf(
      (await client.call('POST', 'payment/create-stripe-session', { headers: { 'Accept-Language': 'de' } })).body.Value,
    );
    const third = sessionIdOf(
      (await client.call('POST', 'payment/create-stripe-session', { headers: { 'Accept-Language': 'ru' } })).body.Value,
    );
    stripe.complete(sessionId);
    const secondPaid = stripe.complete(second);
    const first = await client.call('POST', 'payment/stripe-return', { body: { Value: sessionId } });
    expect(first.body.Status).toBe('complete');
    expect(stripe.sessions.get(third)?.status).toBe('expired');

    const refunded = await client.call('POST', 'payment/stripe-return', { body: { Value: second } });
    expect(refunded.body).toEqual({ Status: 'refunded', NewClaims: [], InvoiceKey: first.body.InvoiceKey });
    expect((await deliver('checkout.session.completed', secondPaid, { id: 'evt_second_tab' })).status).toBe(200);
    expect((await client.call('POST', 'payment/stripe-return', { body: { Value: second } })).body.Status).toBe('refunded');

    // Stripe gave the money back once and ended the second subscription; ours holds one.
    const secondInvoice = stripe.invoices.get(secondPaid.invoice as string) as {
      payments: { data: { payment: { payment_intent: string } }[] };
    };
    expect(stripe.refunds).toContainEqual(
      expect.objectContaining({ payment_intent: secondInvoice.payments.data[0].payment.payment_intent, reason: 'duplicate' }),
    );
    expect(stripe.refunds.filter((refund) => refund.payment_intent === secondInvoice.payments.data[0].payment.payment_intent)).toHaveLength(
      1,
    );
    expect(stripe.subscriptions.get(secondPaid.subscription as string)?.status).toBe('canceled');
    expect(await backend.database.db.select().from(subscriptions).where(eq(subscriptions.invoiceId, first.body.InvoiceKey))).toHaveLength(
      1,
    );
    const invoice = (await client.call('GET', `billing/invoice/${first.body.InvoiceKey}`)).body;
    expect(invoice.TotalAmountDue).toBe(0);
    expect(invoice.Payments.map((payment: { Amount: number; IsPayment: boolean }) => [payment.Amount, payment.IsPayment]).sort()).toEqual([
      [1081, false],
      [1081, true],
      [1081, true],
    ]);
    expect(invoice.Payments.map((payment: { Description: string }) => payment.Description)).toContain(
      'Refund: this invoice was already paid',
    );
  });

  it('refuses another user’s session id with 404', async () => {
    const { sessionId } = await startCheckout('stripe-owner@example.com', { 'pdf-workshop-pro-monthly': 1 });
    const other = await newCustomer(backend, 'stripe-other@example.com');
    expect((await other.call('POST', 'payment/stripe-return', { body: { Value: sessionId } })).status).toBe(404);
  });

  it('keeps subscriptions in step with Stripe: renewal, failed renewal, cancel, deletion', async () => {
    const { client, sessionId } = await startCheckout('stripe-renew@example.com', { 'personal-health-plus-monthly': 1 });
    const session = stripe.complete(sessionId);
    expect((await client.call('POST', 'payment/stripe-return', { body: { Value: sessionId } })).status).toBe(200);
    const subscriptionId = session.subscription as string;
    const [first] = (await client.call('GET', 'license/subscriptions')).body;

    const periodEnd = Math.floor(new Date(first.ExpirationDate).getTime() / 1000) + 31 * 86400;
    const renewal = {
      id: 'in_renewal_1',
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      parent: { subscription_details: { subscription: subscriptionId } },
      lines: { data: [{ period: { end: periodEnd } }] },
    };
    expect((await deliver('invoice.paid', renewal, { id: 'evt_renew_1' })).status).toBe(200);
    expect((await deliver('invoice.paid', renewal, { id: 'evt_renew_1_again' })).status).toBe(200);
    const list = (await client.call('GET', 'license/subscriptions')).body;
    expect(list).toHaveLength(2);
    const current = list.find((s: { Key: string }) => s.Key !== first.Key);
    expect(current).toMatchObject({
      IsActive: false,
      EffectiveDate: first.ExpirationDate,
      ExpirationDate: new Date(periodEnd * 1000).toISOString(),
    });
    expect(list.find((s: { Key: string }) => s.Key === first.Key)).toMatchObject({ IsRenewed: true, NextRenewalDate: null });
    // Stripe's renewal keeps the subscription's licence key.
    expect(first.LicenseKey).toMatch(/^BB-HEALTH-/);
    expect(current.LicenseKey).toBe(first.LicenseKey);
    expect((await client.call('GET', 'billing/invoices')).body).toHaveLength(2);

    const hostedInvoice = 'https://invoice.stripe.example/i/in_renewal_2';
    const failed = {
      id: 'in_renewal_2',
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      amount_due: 540,
      hosted_invoice_url: hostedInvoice,
      parent: { subscription_details: { subscription: subscriptionId } },
    };
    await deliver('invoice.payment_failed', failed, { id: 'evt_fail_1' });
    expect((await client.call('GET', `license/subscription/${current.Key}`)).body.RenewalFailed).toBe(true);
    // Stripe retries and reports each failed attempt of the same invoice: one mail, pointing at Stripe's page to pay it.
    await deliver('invoice.payment_failed', failed, { id: 'evt_fail_1_retry' });
    await backend.deliverMail();
    const mails = backend.mail.to('stripe-renew@example.com');
    expect(mails.filter((mail) => mail.subject.startsWith('Receipt'))).toHaveLength(2);
    const failures = mails.filter((mail) => mail.subject === 'Your Bluebonnet renewal payment failed');
    expect(failures).toHaveLength(1);
    expect(failures[0].text).toContain('$5.40');
    expect(failures[0].html).toContain(`href="${hostedInvoice}"`);

    const cancelled = await client.call('DELETE', `license/subscription/${current.Key}`);
    expect(cancelled.status).toBe(200);
    expect(stripe.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(true);

    await deliver(
      'customer.subscription.deleted',
      { id: subscriptionId, object: 'subscription', status: 'canceled' },
      { id: 'evt_deleted_1' },
    );
    expect((await client.call('GET', `license/subscription/${current.Key}`)).body).toMatchObject({
      IsCancelled: true,
      NextRenewalDate: null,
    });
  });

  it('stops Stripe renewing once per Stripe subscription when the account is deleted, and changes nothing when Stripe cannot be told; a login within the grace period resumes it', async () => {
    const { client, sessionId } = await startCheckout('stripe-leaving@example.com', {
      'pdf-workshop-pro-monthly': 2,
      'personal-health-plus-monthly': 1,
    });
    const subscriptionId = stripe.complete(sessionId).subscription as string;
    expect((await client.call('POST', 'payment/stripe-return', { body: { Value: sessionId } })).status).toBe(200);
    const renewing = () =>
      client
        .call('GET', 'license/subscriptions')
        .then((answer) => answer.body.filter((row: { IsCancelled: boolean }) => !row.IsCancelled).length);
    expect(await renewing()).toBe(2);

    stripe.failNext(1);
    const refused = await client.call('PUT', 'user/delete-account', { body: { CurrentPassword: strongPassword } });
    expect(refused.status).toBe(502);
    expect(await renewing()).toBe(2);
    expect(stripe.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(false);

    const callsBefore = stripe.requests.length;
    expect((await client.call('PUT', 'user/delete-account', { body: { CurrentPassword: strongPassword } })).status).toBe(200);
    expect(stripe.requests.slice(callsBefore)).toEqual([`POST /v1/subscriptions/${subscriptionId}`]);
    expect(stripe.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(true);
    expect(await heldRenewals('stripe-leaving@example.com')).toHaveLength(2);

    const beforeLogin = stripe.requests.length;
    await logInAgain(client, 'stripe-leaving@example.com');
    expect(stripe.requests.slice(beforeLogin)).toEqual([`POST /v1/subscriptions/${subscriptionId}`]);
    expect(stripe.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(false);
    expect(await renewing()).toBe(2);
    expect(await heldRenewals('stripe-leaving@example.com')).toEqual([]);
  });

  it('leaves a renewal cancelled when Stripe will not resume it, lets the login through and says so by mail', async () => {
    const email = 'stripe-ended-while-leaving@example.com';
    const { client, sessionId } = await startCheckout(email, { 'pdf-workshop-pro-monthly': 1 });
    const subscriptionId = stripe.complete(sessionId).subscription as string;
    expect((await client.call('POST', 'payment/stripe-return', { body: { Value: sessionId } })).status).toBe(200);
    expect((await client.call('PUT', 'user/delete-account', { body: { CurrentPassword: strongPassword } })).status).toBe(200);
    // Ended in Stripe's dashboard meanwhile: Stripe refuses to renew it again.
    stripe.subscriptions.get(subscriptionId)!.status = 'canceled';

    await logInAgain(client, email);
    const [subscription] = (await client.call('GET', 'license/subscriptions')).body;
    expect(subscription).toMatchObject({ IsCancelled: true, NextRenewalDate: null, IsActive: true });
    expect(await heldRenewals(email)).toEqual([]);
    await backend.deliverMail();
    const mail = backend.mail.to(email).at(-1)!;
    expect(mail.subject).toBe('Your Bluebonnet account will not be deleted');
    expect(mail.text).toContain('These could not be resumed and will not renew');
    expect(mail.text).toContain('PDF Workshop Pro, monthly: usable until');
    expect(mail.text).not.toContain('continue as before');
  });

  it('delivers a checkout paid before the account’s deletion without renewals and tells Stripe; a refusal there undoes the delivery until the webhook comes again', async () => {
    const { client, sessionId } = await startCheckout('stripe-paid-then-left@example.com', { 'pdf-workshop-pro-monthly': 2 });
    const callsBefore = stripe.requests.length;
    expect((await client.call('PUT', 'user/delete-account', { body: { CurrentPassword: strongPassword } })).status).toBe(200);
    expect(stripe.requests.slice(callsBefore)).toEqual([]);
    const session = stripe.complete(sessionId);
    const subscriptionId = session.subscription as string;
    const before = { payments: await backend.rowCount(payments), subscriptions: await backend.rowCount(subscriptions) };

    stripe.failNext(1, 1); // the checkout's state is answered, the cancellation refused
    expect((await deliver('checkout.session.completed', session, { id: 'evt_left_1' })).status).toBe(502);
    expect({ payments: await backend.rowCount(payments), subscriptions: await backend.rowCount(subscriptions) }).toEqual(before);
    expect(stripe.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(false);

    expect((await deliver('checkout.session.completed', session, { id: 'evt_left_1' })).status).toBe(200);
    expect(stripe.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(true);
    expect(await heldRenewals('stripe-paid-then-left@example.com')).toHaveLength(1);
    // Held like the renewals the deletion stopped: a login gives it back.
    await logInAgain(client, 'stripe-paid-then-left@example.com');
    const [delivered] = (await client.call('GET', 'license/subscriptions')).body;
    expect(delivered).toMatchObject({ IsActive: true, IsCancelled: false, NextRenewalDate: delivered.ExpirationDate, Quantity: 2 });
    expect(stripe.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(false);
  });

  it('tells Stripe about a checkout fulfilled while the deletion is telling Stripe about the others', async () => {
    const email = 'stripe-left-mid-way@example.com';
    const client = await newCustomer(backend, email);
    const buy = async () => {
      await fillCart(client, { 'personal-health-plus-monthly': 1 });
      const sessionId = sessionIdOf((await client.call('POST', 'payment/create-stripe-session')).body.Value);
      const session = stripe.complete(sessionId);
      expect((await client.call('POST', 'payment/stripe-return', { body: { Value: sessionId } })).status).toBe(200);
      return session;
    };
    const bought = [await buy(), await buy()];
    await fillCart(client, { 'personal-health-plus-monthly': 1 });
    const midWay = stripe.complete(sessionIdOf((await client.call('POST', 'payment/create-stripe-session')).body.Value));

    // Each Stripe call takes 500 ms: the deletion tells Stripe about the two bought (1 s); the
    // webhook, delivered once the first of those calls is under way, fulfils after 500 ms.
    stripe.slowDown(500);
    try {
      const callsBefore = stripe.requests.length;
      const deletion = client.call('PUT', 'user/delete-account', { body: { CurrentPassword: strongPassword } });
      while (stripe.requests.length === callsBefore) await new Promise((resolve) => setTimeout(resolve, 5));
      const webhook = await deliver('checkout.session.completed', midWay, { id: 'evt_mid_way' });
      expect([webhook.status, (await deletion).status]).toEqual([200, 200]);
    } finally {
      stripe.slowDown(0);
    }

    for (const session of [...bought, midWay])
      expect(stripe.subscriptions.get(session.subscription as string)?.cancel_at_period_end).toBe(true);
    expect(await heldRenewals(email)).toHaveLength(3);
  });

  it('does not cancel locally when Stripe cannot be told', async () => {
    const { client, sessionId } = await startCheckout('stripe-cancel-down@example.com', { 'pdf-workshop-pro-monthly': 1 });
    stripe.complete(sessionId);
    expect((await client.call('POST', 'payment/stripe-return', { body: { Value: sessionId } })).status).toBe(200);
    const [subscription] = (await client.call('GET', 'license/subscriptions')).body;
    stripe.failNext(1);
    const response = await client.call('DELETE', `license/subscription/${subscription.Key}`);
    expect(response.status).toBe(502);
    expect((await client.call('GET', `license/subscription/${subscription.Key}`)).body.IsCancelled).toBe(false);
  });
});

describe('resuming and changing a Stripe subscription', () => {
  const day = 24 * 60 * 60_000;

  /** A paid Stripe subscription put mid-period on both sides: 10 of 30 days used. */
  async function paidMidPeriod(email: string, items: Record<string, number>) {
    const { client, sessionId } = await startCheckout(email, items);
    const session = stripe.complete(sessionId);
    expect((await client.call('POST', 'payment/stripe-return', { body: { Value: sessionId } })).status).toBe(200);
    const [bought] = (await client.call('GET', 'license/subscriptions')).body;
    const now = backend.clock.now().getTime();
    const start = new Date(now - 10 * day);
    const end = new Date(now + 20 * day);
    await backend.database.db
      .update(subscriptions)
      .set({ effectiveAt: start, expiresAt: end, nextRenewalAt: end })
      .where(eq(subscriptions.id, bought.Key));
    const stripeSubscription = stripe.subscriptions.get(session.subscription as string)!;
    const [item] = (stripeSubscription.items as { data: Record<string, unknown>[] }).data;
    Object.assign(item, { current_period_start: Math.floor(start.getTime() / 1000), current_period_end: Math.floor(end.getTime() / 1000) });
    return { client, bought, stripeSubscription, item, end };
  }

  it('resumes at Stripe first, then renews again; refused when Stripe says the subscription ended', async () => {
    const { client, bought, stripeSubscription, end } = await paidMidPeriod('stripe-resume@example.com', {
      'pdf-workshop-pro-monthly': 1,
    });
    expect((await client.call('DELETE', `license/subscription/${bought.Key}`)).status).toBe(200);
    expect(stripeSubscription.cancel_at_period_end).toBe(true);
    expect((await client.call('POST', `license/subscription/${bought.Key}/resume`)).status).toBe(200);
    expect(stripeSubscription.cancel_at_period_end).toBe(false);
    expect((await client.call('GET', `license/subscription/${bought.Key}`)).body).toMatchObject({
      IsCancelled: false,
      NextRenewalDate: end.toISOString(),
    });
    expect((await client.call('DELETE', `license/subscription/${bought.Key}`)).status).toBe(200);
    stripeSubscription.status = 'canceled';
    expect((await client.call('POST', `license/subscription/${bought.Key}/resume`)).status).toBe(502);
    expect((await client.call('GET', `license/subscription/${bought.Key}`)).body).toMatchObject({
      IsCancelled: true,
      NextRenewalDate: null,
    });
  });

  it('adds seats through a prorated subscription update that Stripe invoices at once, to the cent', async () => {
    const { client, bought, stripeSubscription, item, end } = await paidMidPeriod('stripe-seats@example.com', {
      'pdf-workshop-pro-monthly': 1,
    });
    const body = { OfferKey: 'pdf-workshop-pro-monthly', Quantity: 3 };
    const preview = await client.call('POST', `license/subscription/${bought.Key}/change-preview`, { body });
    expect(preview.body).toMatchObject({ AppliesNow: true, Now: { SubTotalAmount: 1332, TaxTotalAmount: 110, TotalAmount: 1442 } });
    const applied = await client.call('POST', `license/subscription/${bought.Key}/change`, { body });
    expect(applied.status).toBe(200);
    expect(item).toMatchObject({ quantity: 3, price: { unit_amount: 999, recurring: { interval: 'month', interval_count: 1 } } });
    const stripeInvoice = stripe.invoices.get(stripeSubscription.latest_invoice as string)!;
    // Stripe's proration lines (unused time credited, remaining time charged) and the tax as an invoice item.
    expect(stripeInvoice).toMatchObject({ billing_reason: 'subscription_update', amount_paid: 1442 });
    expect((stripeInvoice.lines as { data: { amount: number }[] }).data.map((line) => line.amount)).toEqual([-666, 1998, 110]);
    const invoice = (await client.call('GET', `billing/invoice/${applied.body.InvoiceKey}`)).body;
    expect(invoice).toMatchObject({ TotalAmount: 1442, TotalAmountDue: 0, Payments: [{ Amount: 1442, Description: 'Card payment' }] });
    expect((await client.call('GET', `license/subscription/${applied.body.SubscriptionKey}`)).body).toMatchObject({
      Quantity: 3,
      ExpirationDate: end.toISOString(),
    });
    const [payment] = await backend.database.db.select().from(payments).where(eq(payments.invoiceId, applied.body.InvoiceKey));
    expect(payment.providerRef).toBe(stripeSubscription.latest_invoice);
  });

  it('tells Stripe of a seat reduction at once without proration; ours waits for the renewal Stripe bills, and a declined upgrade keeps it', async () => {
    const { client, bought, stripeSubscription, item, end } = await paidMidPeriod('stripe-seats-down@example.com', {
      'pdf-workshop-pro-monthly': 2,
    });
    const fewer = await client.call('POST', `license/subscription/${bought.Key}/change`, {
      body: { OfferKey: 'pdf-workshop-pro-monthly', Quantity: 1 },
    });
    expect(fewer.body).toEqual({ SubscriptionKey: bought.Key, InvoiceKey: null });
    expect(item.quantity).toBe(1);
    expect((await client.call('GET', `license/subscription/${bought.Key}`)).body).toMatchObject({
      Quantity: 2,
      ScheduledChange: { Quantity: 1, EffectiveDate: end.toISOString() },
    });
    stripe.declineNextCharge();
    const declined = await client.call('POST', `license/subscription/${bought.Key}/change`, {
      body: { OfferKey: 'pdf-workshop-pro-yearly', Quantity: 1 },
    });
    expect(declined.status).toBe(402);
    expect(item).toMatchObject({ quantity: 1, price: { unit_amount: 999 } });
    expect((await client.call('GET', 'license/subscriptions')).body).toMatchObject([
      { Key: bought.Key, Quantity: 2, IsRenewed: false, ScheduledChange: { Quantity: 1 } },
    ]);
    expect((await client.call('GET', 'billing/invoices')).body).toHaveLength(1);

    // Stripe's renewal invoice bills the one seat: our renewal starts it.
    const renewal = {
      id: 'in_seats_down_renewal',
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      parent: { subscription_details: { subscription: stripeSubscription.id } },
      lines: { data: [{ period: { end: Math.floor(end.getTime() / 1000) + 31 * 86400 } }] },
    };
    expect((await deliver('invoice.paid', renewal, { id: 'evt_seats_down_renewal' })).status).toBe(200);
    const [renewed] = (await client.call('GET', 'license/subscriptions')).body;
    expect(renewed).toMatchObject({ Quantity: 1, EffectiveDate: end.toISOString(), ScheduledChange: null });
    expect((await client.call('GET', 'billing/invoices')).body[0]).toMatchObject({ LineItems: [{ Quantity: 1 }], TotalAmount: 1081 });
  });

  it('prorates an upgrade from the seats paid for, not from a reduction scheduled before it', async () => {
    const { client, bought, stripeSubscription, item } = await paidMidPeriod('stripe-seats-down-up@example.com', {
      'pdf-workshop-pro-monthly': 2,
    });
    const change = (Quantity: number) =>
      client.call('POST', `license/subscription/${bought.Key}/change`, { body: { OfferKey: 'pdf-workshop-pro-monthly', Quantity } });
    expect((await change(1)).status).toBe(200);
    const upgraded = await change(3);
    expect(upgraded.status).toBe(200);
    expect(item.quantity).toBe(3);
    // 2/3 of three seats (1998) less 2/3 of the two paid for (1332), and its tax.
    const stripeInvoice = stripe.invoices.get(stripeSubscription.latest_invoice as string)!;
    expect((stripeInvoice.lines as { data: { amount: number }[] }).data.map((line) => line.amount)).toEqual([-1332, 1998, 55]);
    expect((await client.call('GET', `billing/invoice/${upgraded.body.InvoiceKey}`)).body).toMatchObject({ TotalAmount: 721 });
    expect((await client.call('GET', `license/subscription/${upgraded.body.SubscriptionKey}`)).body).toMatchObject({
      Quantity: 3,
      ScheduledChange: null,
    });
  });
});
