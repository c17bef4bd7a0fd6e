import type { Invoice } from '@/lib/contract/billing';
import { renderInvoicePdf } from '@/server/pdf/invoice-pdf';
import { pdfTextRuns, type PdfTextRun } from '../support/pdf-text';

// Asserted rather than annotated: the model grows with other billing work, and a render takes what it has.
const paid = {
  Key: '00000000-0000-4000-8000-000000000001',
  InvoiceNumber: '2026-00042',
  InvoiceVersion: 1,
  CreatedDate: '2026-03-01T10:00:00.000Z',
  FullyPaidDate: '2026-03-01T10:05:00.000Z',
  IsVoid: false,
  IsOpenCheckout: false,
  LineItems: [
    {
      Key: 'pdf-workshop-pro-yearly',
      Quantity: 1,
      SubTotalAmount: 9900,
      AvailableLicenseKey: null,
      Description: 'PDF Workshop Pro, yearly',
      UnitAmount: 9900,
    },
  ],
  SubTotalAmount: 9900,
  TaxTotalAmount: 817,
  TotalAmount: 10717,
  TotalAmountDue: 0,
  BillingName: 'Ann Smith',
  BillingAddress1: '100 Main Street',
  BillingAddress2: null,
  BillingCity: 'Plano',
  BillingStateCode: 'TX',
  BillingStateName: 'Texas',
  BillingPostalCode: '75024',
  BillingCountryCode: 'US',
  BillingCountryName: 'United States of America',
  BillingEmailAddress: 'ann@example.com',
  BillingNotes: null,
  IsBusinessPurchase: true,
  IsTaxExempt: false,
  TaxRateBasisPoints: 825,
  BillingCompanyName: 'Smith Tools LLC',
  BillingTaxId: null,
  PurchaseOrder: 'PO-7731',
  Payments: [],
  Credits: [],
} as Invoice;

/** The vertical extent of a run: DejaVu's ascent and descent are about 0.93 and 0.24 of the size. */
const top = (run: PdfTextRun) => run.baseline + 0.93 * run.size;
const bottom = (run: PdfTextRun) => run.baseline - 0.24 * run.size;

describe('invoice PDF layout', () => {
  it.each([
    ['en', 'Invoice 2026-00042', 'PAID'],
    ['ru', 'Счёт 2026-00042', 'ОПЛАЧЕН'],
  ] as const)('keeps the %s status stamp clear of the heading above it', async (language, heading, stamp) => {
    const runs = await pdfTextRuns(new Uint8Array(await renderInvoicePdf(paid, language)));
    const title = runs.find((run) => run.text.includes(heading));
    const status = runs.find((run) => run.text === stamp);
    expect(title && status).toBeTruthy();
    expect(top(status!)).toBeLessThanOrEqual(bottom(title!));
  });
});

describe('invoice PDF business details and tax rate', () => {
  it('prints the company, purchase order and the rate of the tax (en)', async () => {
    const text = (await pdfTextRuns(new Uint8Array(await renderInvoicePdf(paid, 'en')))).map((run) => run.text);
    expect(text).toEqual(expect.arrayContaining(['Smith Tools LLC', 'Purchase order: PO-7731', 'Sales tax 8.25 % (TX)']));
  });

  it('words them in German, with the German decimal comma and a VAT ID', async () => {
    const german = { ...paid, BillingTaxId: 'DE 123456789' };
    const text = (await pdfTextRuns(new Uint8Array(await renderInvoicePdf(german, 'de')))).map((run) => run.text);
    expect(text).toEqual(expect.arrayContaining(['Steuernummer: DE 123456789', 'Bestellnummer: PO-7731', 'Sales Tax 8,25 % (TX)']));
  });
});
