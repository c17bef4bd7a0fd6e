import { renewDueManualSubscriptions } from '@/server/services/billing/renewals';
import { germanBilling } from '../support/billing-contacts';
import { testCardPayment, testCards } from '../support/test-cards';
import { buyWithTestCard, fillCart, logInAgain, newCustomer, startTestBackend, texasBilling, type TestBackend } from './harness';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

const day = 24 * 60 * 60_000;
const monthly = { 'pdf-workshop-pro-monthly': 1 };
const business = { CompanyName: 'Schmidt Werkzeuge GmbH', TaxId: 'DE 123456789', PurchaseOrder: 'PO-2026-17' };
const germanBusiness = { ...germanBilling, IsBusinessPurchase: true, ...business };

describe('business details on the cart and its invoices', () => {
  it('keeps company, VAT ID and purchase order on the cart and copies them to the invoice', async () => {
    const client = await newCustomer(backend, 'biz-de@example.com');
    const cart = await fillCart(client, monthly, germanBusiness);
    expect(cart).toMatchObject({ BillingCompanyName: 'Schmidt Werkzeuge GmbH', BillingTaxId: 'DE 123456789', PurchaseOrder: 'PO-2026-17' });
    const { invoiceKey } = await buyWithTestCard(client, monthly, testCards.success, germanBusiness);
    const invoice = (await client.call('GET', `billing/invoice/${invoiceKey}`)).body;
    expect(invoice).toMatchObject({
      BillingCompanyName: 'Schmidt Werkzeuge GmbH',
      BillingTaxId: 'DE 123456789',
      PurchaseOrder: 'PO-2026-17',
    });
  });

  it('drops them without a business purchase, and a tax ID where the country has no VAT IDs', async () => {
    const client = await newCustomer(backend, 'biz-drop@example.com');
    expect(await fillCart(client, monthly, { ...germanBilling, ...business })).toMatchObject({
      BillingCompanyName: null,
      BillingTaxId: null,
      PurchaseOrder: null,
    });
    expect(await fillCart(client, monthly, { ...texasBilling, IsBusinessPurchase: true, ...business })).toMatchObject({
      BillingCompanyName: 'Schmidt Werkzeuge GmbH',
      BillingTaxId: null,
      PurchaseOrder: 'PO-2026-17',
    });
  });

  it('edits them for future invoices: the next invoice and a renewal carry the new ones, the paid invoice keeps its own', async () => {
    const client = await newCustomer(backend, 'biz-edit@example.com');
    const { invoiceKey } = await buyWithTestCard(client, monthly, testCards.success, germanBusiness);
    await fillCart(client, {}, { ...germanBusiness, PurchaseOrder: 'PO-2026-18' });
    backend.clock.advance(32 * day);
    await renewDueManualSubscriptions(backend.deps);
    await logInAgain(client, 'biz-edit@example.com');
    const [renewal, first] = (await client.call('GET', 'billing/invoices')).body;
    expect(first).toMatchObject({ Key: invoiceKey, PurchaseOrder: 'PO-2026-17' });
    expect(renewal).toMatchObject({ PurchaseOrder: 'PO-2026-18', BillingCompanyName: 'Schmidt Werkzeuge GmbH' });
  });

  it('checks the tax ID loosely and the lengths, worded in the caller’s language', async () => {
    const client = await newCustomer(backend, 'biz-rules@example.com');
    const put = (billing: object, language = 'en') =>
      client.call('PUT', 'store/cart', {
        body: { Items: [], BillingInfo: billing, IsAddition: false },
        headers: { 'Accept-Language': language },
      });
    expect((await put({ ...germanBusiness, TaxId: 'DE-123 456 789' })).status).toBe(200);
    const bad = await put({ ...germanBusiness, TaxId: 'DE#123' });
    expect(bad.status).toBe(400);
    expect(bad.body.ErrorMessages).toEqual([
      { Field: 'BillingInfo.TaxId', Code: 'taxIdFormat', Message: 'BillingInfo.TaxId: Use only letters, digits, spaces and dashes' },
    ]);
    const long = await put({ ...germanBusiness, CompanyName: 'x'.repeat(101) }, 'de');
    expect(long.body.ErrorMessages[0]).toMatchObject({ Field: 'BillingInfo.CompanyName', Code: 'maxLength' });
  });
});

describe('US postal codes', () => {
  it('takes a ZIP or ZIP+4 code and refuses anything else, in en and de', async () => {
    const client = await newCustomer(backend, 'zip@example.com');
    const put = (PostalCode: string, language = 'en') =>
      client.call('PUT', 'store/cart', {
        body: { Items: [], BillingInfo: { ...texasBilling, PostalCode }, IsAddition: false },
        headers: { 'Accept-Language': language },
      });
    expect((await put('75024')).status).toBe(200);
    expect((await put('75024-1234')).status).toBe(200);
    for (const wrong of ['7502', '750241', '75024-12', 'ABCDE']) expect((await put(wrong)).status).toBe(400);
    expect((await put('7502')).body.ErrorMessages).toEqual([
      { Field: 'BillingInfo.PostalCode', Code: 'usZipCode', Message: 'BillingInfo.PostalCode: Enter a ZIP code: 12345 or 12345-6789' },
    ]);
    expect((await put('7502', 'de')).body.ErrorMessages[0].Message).toBe(
      'BillingInfo.PostalCode: Geben Sie eine ZIP-Postleitzahl ein: 12345 oder 12345-6789',
    );
    // Elsewhere a postal code is free text.
    expect(
      (
        await client.call('PUT', 'store/cart', {
          body: { Items: [], BillingInfo: { ...germanBilling, PostalCode: 'SW1A 1AA' }, IsAddition: false },
        })
      ).status,
    ).toBe(200);
  });
});

describe('the tax rate', () => {
  it('comes with the cart and the invoice in basis points', async () => {
    const client = await newCustomer(backend, 'rate@example.com');
    expect(await fillCart(client, monthly)).toMatchObject({ TaxRateBasisPoints: 825, IsTaxExempt: false });
    const { invoiceKey } = await buyWithTestCard(client, monthly);
    expect((await client.call('GET', `billing/invoice/${invoiceKey}`)).body).toMatchObject({ TaxRateBasisPoints: 825 });
    expect(await fillCart(client, monthly, germanBilling)).toMatchObject({ TaxRateBasisPoints: 0, IsTaxExempt: true });
  });
});

describe('a checkout left open', () => {
  it('is marked as an open checkout, not a bill, until it takes money', async () => {
    const client = await newCustomer(backend, 'open-checkout@example.com');
    await fillCart(client, monthly);
    const secret = (await client.call('POST', 'payment/create-manual-session')).body.Value;
    const [open] = (await client.call('GET', 'billing/invoices')).body;
    expect(open).toMatchObject({ IsOpenCheckout: true, FullyPaidDate: null });
    await client.call('POST', 'payment/manual/pay', { body: testCardPayment(secret) });
    expect((await client.call('GET', `billing/invoice/${open.Key}`)).body.IsOpenCheckout).toBe(false);
  });
});

describe('a second tab paying an invoice already paid', () => {
  it('is told the invoice is paid, with its key to link to, in en and ru', async () => {
    const client = await newCustomer(backend, 'two-tabs@example.com');
    await fillCart(client, monthly);
    const first = (await client.call('POST', 'payment/create-manual-session')).body.Value;
    const second = (await client.call('POST', 'payment/create-manual-session', { headers: { 'Accept-Language': 'ru' } })).body.Value;
    const paid = await client.call('POST', 'payment/manual/pay', { body: testCardPayment(first) });
    expect(paid.body.Status).toBe('complete');
    const { InvoiceKey } = (await client.call('POST', 'payment/manual-return', { body: { Value: paid.body.SessionId } })).body;
    const { InvoiceNumber } = (await client.call('GET', `billing/invoice/${InvoiceKey}`)).body;

    const late = await client.call('POST', 'payment/manual/pay', { body: testCardPayment(second) });
    expect(late.status).toBe(409);
    expect(late.body).toEqual({
      ErrorMessages: [{ Code: 'invoiceAlreadyPaid', Message: `Invoice ${InvoiceNumber} has already been paid.` }],
      Data: InvoiceKey,
    });
    const lateRu = await client.call('POST', 'payment/manual/pay', { body: testCardPayment(second), headers: { 'Accept-Language': 'ru' } });
    expect(lateRu.body.ErrorMessages[0].Message).toBe(`Счёт ${InvoiceNumber} уже оплачен.`);
    // Pay Now of the paid invoice says the same.
    const payNow = await client.call('POST', `payment/create-manual-session?invoice=${InvoiceKey}`);
    expect(payNow.status).toBe(409);
    expect(payNow.body.Data).toBe(InvoiceKey);
  });
});
