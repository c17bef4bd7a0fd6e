/**
 * The console's catalog: offers created, edited, retired and restored in the database, priced
 * with at once; paid invoices keep their prices; the data file no longer overwrites edits; with
 * Stripe, a new price is a new Stripe Price that the checkout then uses.
 */
import { eq } from 'drizzle-orm';
import { limits } from '@/lib/contract/limits';
import { auditLog, offers } from '@/server/db/schema';
import { seedCatalog } from '@/server/db/seed';
import type { FakeStripe } from '../support/fake-stripe';
import { buyWithTestCard, fillCart, newCustomer, startTestBackend, TestClient, type TestBackend } from './harness';
import { staffClient } from './staff-harness';
import { startStripeTestBackend, type StripeTestBackend } from './stripe-harness';
import { newOffer } from '../support/offers';

let backend: TestBackend;
let staff: TestClient;
beforeAll(async () => {
  backend = await startTestBackend();
  staff = (await staffClient(backend)).client;
});
afterAll(() => backend.close());

type Offer = { Key: string; Price: number; IsActive: boolean; ProviderPriceId: string | null };

/** The offer as the console lists it, and as the store sells it (undefined when not on sale). */
async function offerNow(client: TestClient, key: string) {
  const listed = ((await client.call('GET', 'admin/offers')).body as Offer[]).find((offer) => offer.Key === key);
  const store = await new TestClient(backend).prime();
  const sold = ((await store.call('GET', 'store/catalog')).body as { Key: string; Price: number }[]).find((offer) => offer.Key === key);
  return { listed, sold };
}

/** The edit body of an offer as it stands, with these changes. */
async function editOf(key: string, changes: Record<string, unknown>) {
  const [row] = await backend.database.db.select().from(offers).where(eq(offers.key, key));
  return {
    Description: row.description,
    ServiceName: row.serviceName,
    ServiceHomePage: row.serviceHomePage,
    AppPage: row.appPage,
    Price: row.priceCents,
    Savings: row.savingsCents,
    TrialDays: row.trialDays,
    Items: row.items,
    ...changes,
  };
}

const auditEntry = async (key: string) => (await backend.database.db.select().from(auditLog).where(eq(auditLog.id, key)))[0];

describe('console: catalog', () => {
  it('does not exist for a customer', async () => {
    const customer = await newCustomer(backend, 'adm-cat-customer@example.com');
    expect((await customer.call('GET', 'admin/offers')).status).toBe(404);
    expect((await customer.call('POST', 'admin/offers', { body: newOffer('sneaky') })).status).toBe(404);
    expect((await customer.call('POST', 'admin/offers/pdf-workshop-pro-monthly/retire')).status).toBe(404);
  });

  it('lists every offer in the store’s order, with every language', async () => {
    const listed = (await staff.call('GET', 'admin/offers')).body as Offer[];
    expect(listed.map((offer) => offer.Key).slice(0, 3)).toEqual([
      'pdf-workshop-free',
      'pdf-workshop-pro-monthly',
      'pdf-workshop-pro-yearly',
    ]);
    expect(listed[1]).toMatchObject({
      Description: { en: 'PDF Workshop Pro, monthly', de: 'PDF Workshop Pro, monatlich' },
      Price: 999,
      IsSubscription: true,
      RenewalMonths: 1,
      IsActive: true,
      ProviderPriceId: null,
    });
  });

  it('creates an offer that is on sale at once; a duplicate key or bad input is refused', async () => {
    const created = await staff.call('POST', 'admin/offers', { body: newOffer('consulting-code-audit') });
    expect(created.status).toBe(200);
    expect(await auditEntry(created.body.AuditKey)).toMatchObject({
      action: 'offer.create',
      targetType: 'offer',
      targetId: 'consulting-code-audit',
      before: null,
      after: { Key: 'consulting-code-audit', Price: 25000 },
    });
    const { listed, sold } = await offerNow(staff, 'consulting-code-audit');
    expect(listed).toMatchObject({ Price: 25000, IsActive: true });
    expect(sold).toMatchObject({ Price: 25000 });
    const all = (await staff.call('GET', 'admin/offers')).body as Offer[];
    expect(all.at(-1)!.Key).toBe('consulting-code-audit');

    const duplicate = await staff.call('POST', 'admin/offers', { body: newOffer('consulting-code-audit') });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.ErrorMessages[0].Message).toBe('An offer with the key consulting-code-audit already exists.');
    expect((await staff.call('POST', 'admin/offers', { body: newOffer('Bad Key') })).status).toBe(400);
    expect((await staff.call('POST', 'admin/offers', { body: newOffer('bad-price', { Price: -1 }) })).status).toBe(400);
    expect((await staff.call('POST', 'admin/offers', { body: { Key: 'half' } })).status).toBe(400);
    // A customer can buy it.
    const buyer = await newCustomer(backend, 'adm-cat-new-offer@example.com');
    const { invoiceKey } = await buyWithTestCard(buyer, { 'consulting-code-audit': 1 });
    expect((await buyer.call('GET', `billing/invoice/${invoiceKey}`)).body.LineItems).toMatchObject([
      { Key: 'consulting-code-audit', UnitAmount: 25000, Description: 'Offer consulting-code-audit' },
    ]);
  });

  it('refuses a checkout whose total the invoice could not hold, with a message, creating nothing', async () => {
    const created = await staff.call('POST', 'admin/offers', { body: newOffer('consulting-merger', { Price: limits.offerPriceMax }) });
    expect(created.status).toBe(200);
    const buyer = await newCustomer(backend, 'adm-cat-huge-order@example.com');
    const cart = await fillCart(buyer, { 'consulting-merger': limits.quantityMax });
    expect(cart.TotalAmount).toBeGreaterThan(limits.orderTotalMax);
    const refused = await buyer.call('POST', 'payment/create-manual-session', { headers: { 'Accept-Language': 'de' } });
    expect(refused.status).toBe(400);
    expect(refused.body.ErrorMessages).toEqual([
      {
        Message:
          'Eine Bestellung kann höchstens $10,000,000.00 betragen. Verringern Sie eine Menge oder kontaktieren Sie uns für eine größere Bestellung.',
        Code: 'orderTooLarge',
      },
    ]);
    expect((await buyer.call('GET', 'billing/invoices')).body).toEqual([]);
    // Within the bound the same offer sells.
    await fillCart(buyer, { 'consulting-merger': 5 });
    expect((await buyer.call('POST', 'payment/create-manual-session')).status).toBe(200);
  });

  it('changes a price for carts from now on; paid invoices keep theirs; the audit holds only what changed', async () => {
    const key = 'personal-health-plus-monthly';
    const earlier = await newCustomer(backend, 'adm-cat-earlier@example.com');
    const { invoiceKey: paidKey } = await buyWithTestCard(earlier, { [key]: 1 });
    // Another customer has started a checkout at the old price.
    const waiting = await newCustomer(backend, 'adm-cat-waiting@example.com');
    await fillCart(waiting, { [key]: 1 });
    await waiting.call('POST', 'payment/create-manual-session');
    const [open] = (await waiting.call('GET', 'billing/invoices')).body;
    expect(open).toMatchObject({ InvoiceVersion: 1, LineItems: [{ UnitAmount: 499 }] });

    const edited = await staff.call('PUT', `admin/offers/${key}`, { body: await editOf(key, { Price: 599 }) });
    expect(edited.status).toBe(200);
    expect(await auditEntry(edited.body.AuditKey)).toMatchObject({ action: 'offer.edit', before: { Price: 499 }, after: { Price: 599 } });
    expect(Object.keys((await auditEntry(edited.body.AuditKey)).after ?? {})).toEqual(['Price']);
    expect((await offerNow(staff, key)).sold?.Price).toBe(599);

    const fresh = await newCustomer(backend, 'adm-cat-fresh@example.com');
    const cart = await fillCart(fresh, { [key]: 1 });
    expect(cart.LineItems).toMatchObject([{ Key: key, SubTotalAmount: 599 }]);
    // The open invoice is billed again at the new price on the next checkout.
    await waiting.call('POST', 'payment/create-manual-session');
    const [reopened] = (await waiting.call('GET', 'billing/invoices')).body;
    expect(reopened).toMatchObject({
      Key: open.Key,
      InvoiceNumber: open.InvoiceNumber,
      InvoiceVersion: 2,
      LineItems: [{ UnitAmount: 599 }],
    });
    // The paid invoice is as sold.
    expect((await earlier.call('GET', `billing/invoice/${paidKey}`)).body).toMatchObject({
      LineItems: [{ UnitAmount: 499, SubTotalAmount: 499 }],
      SubTotalAmount: 499,
    });
    // The same edit again changes nothing.
    const again = await staff.call('PUT', `admin/offers/${key}`, { body: await editOf(key, {}) });
    expect(again.body).toEqual({ ErrorMessages: [], AuditKey: null });
    expect((await staff.call('PUT', 'admin/offers/no-such-offer', { body: await editOf(key, {}) })).status).toBe(404);
    expect((await staff.call('PUT', `admin/offers/${key}`, { body: await editOf(key, { AppPage: 'no-slash' }) })).status).toBe(400);
    // A protocol-relative address leads off the site.
    const offSite = await staff.call('PUT', `admin/offers/${key}`, { body: await editOf(key, { AppPage: '//evil.example/apps/pdf' }) });
    expect(offSite.status).toBe(400);
    expect(offSite.body.ErrorMessages[0].Message).toMatch(/^AppPage: /);
    expect((await staff.call('POST', 'admin/offers', { body: newOffer('off-site', { ServiceHomePage: '//evil.example' }) })).status).toBe(
      400,
    );
  });

  it('retires and restores an offer; the data file does not undo console edits', async () => {
    const key = 'pdf-workshop-pro-yearly';
    const retired = await staff.call('POST', `admin/offers/${key}/retire`);
    expect(retired.status).toBe(200);
    expect(await auditEntry(retired.body.AuditKey)).toMatchObject({
      action: 'offer.retire',
      before: { IsActive: true },
      after: { IsActive: false },
    });
    expect(await offerNow(staff, key)).toMatchObject({ listed: { IsActive: false }, sold: undefined });
    expect((await staff.call('POST', `admin/offers/${key}/retire`)).body.AuditKey).toBeNull();
    // Seeding at start-up leaves the edited table as it is.
    await seedCatalog(backend.database.db);
    await backend.deps.catalog.refresh();
    expect(await offerNow(staff, key)).toMatchObject({ listed: { IsActive: false }, sold: undefined });
    expect((await offerNow(staff, 'personal-health-plus-monthly')).sold?.Price).toBe(599);

    const restored = await staff.call('POST', `admin/offers/${key}/restore`);
    expect(await auditEntry(restored.body.AuditKey)).toMatchObject({ action: 'offer.restore', after: { IsActive: true } });
    expect((await offerNow(staff, key)).sold?.Price).toBe(9900);
    expect((await staff.call('POST', 'admin/offers/no-such-offer/restore')).status).toBe(404);
  });
});

describe('console: catalog with Stripe (against the local fake Stripe API)', () => {
  let stripeSide: StripeTestBackend;
  let stripe: FakeStripe;
  let stripeStaff: TestClient;
  beforeAll(async () => {
    stripeSide = await startStripeTestBackend();
    stripe = stripeSide.stripe;
    stripeStaff = (await staffClient(stripeSide.backend)).client;
  });
  afterAll(() => stripeSide.close());

  const listedOffer = async (key: string) =>
    ((await stripeStaff.call('GET', 'admin/offers')).body as Offer[]).find((offer) => offer.Key === key)!;

  it('makes a Stripe Product once and a Price per price, and the checkout charges that Price', async () => {
    const key = 'pdf-workshop-team-yearly';
    const created = await stripeStaff.call('POST', 'admin/offers', {
      body: newOffer(key, { IsSubscription: true, RenewalMonths: 12, Price: 19900, Claims: ['app:pdf:pro'] }),
    });
    expect(created.status).toBe(200);
    const first = await listedOffer(key);
    expect(first.ProviderPriceId).toMatch(/^price_/);
    expect(stripe.products.size).toBe(1);
    expect(stripe.prices.get(first.ProviderPriceId!)).toMatchObject({
      unit_amount: 19900,
      recurring: { interval: 'year', interval_count: 1 },
    });

    // Stripe refusing the new price leaves the offer as it was.
    const edit = { ...newOffer(key), Price: 17900 } as Record<string, unknown>;
    for (const field of ['Key', 'IsSubscription', 'RenewalMonths', 'Claims']) delete edit[field];
    stripe.failNext(1);
    expect((await stripeStaff.call('PUT', `admin/offers/${key}`, { body: edit })).status).toBe(502);
    expect(await listedOffer(key)).toMatchObject({ Price: 19900, ProviderPriceId: first.ProviderPriceId });

    expect((await stripeStaff.call('PUT', `admin/offers/${key}`, { body: edit })).status).toBe(200);
    const second = await listedOffer(key);
    expect(second).toMatchObject({ Price: 17900 });
    expect(second.ProviderPriceId).not.toBe(first.ProviderPriceId);
    expect(stripe.products.size).toBe(1);
    expect(stripe.prices.get(second.ProviderPriceId!)).toMatchObject({
      unit_amount: 17900,
      product: stripe.prices.get(first.ProviderPriceId!)!.product,
    });

    const customer = await newCustomer(stripeSide.backend, 'adm-cat-stripe@example.com');
    await fillCart(customer, { [key]: 1, 'pdf-workshop-pro-monthly': 1 });
    expect((await customer.call('POST', 'payment/create-stripe-session')).status).toBe(200);
    const lines = Object.values(stripe.created.at(-1)!.line_items as Record<string, Record<string, unknown>>);
    expect(lines).toContainEqual({ quantity: '1', price: second.ProviderPriceId });
    // Offers without a Price, and the tax, are priced inline.
    const inline = lines.filter((line) => !line.price).map((line) => (line.price_data as Record<string, unknown>).unit_amount);
    expect(inline).toEqual(['999', expect.any(String)]);
  });
});
