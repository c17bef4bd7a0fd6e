import { createHash } from 'node:crypto';
import path from 'node:path';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { brand } from '../../lib/config';
import type { Invoice } from '../../lib/contract/billing';
import { formatInvoiceDate, formatUsd, invoiceStatus, taxRateValues, type InvoiceStatus } from '../../lib/contract/presentation';
import { fillArguments } from '../../lib/contract/text';
import { invoiceTexts, postalAddressFor } from '../i18n';
import type { ApiLanguage } from '../services/platform/language';

// DejaVu covers Latin and Cyrillic, so billing names in any of the site's languages print.
const fontDir = path.join(process.cwd(), 'node_modules', 'dejavu-fonts-ttf', 'ttf');
// Parsing a font is most of a render's time: each is opened once per process with fontkit
// (pdfkit's own font engine), and pdfkit takes an opened font in place of a file.
const openFont = (file: string) => fontkit.openSync(path.join(fontDir, file)) as unknown as PDFKit.Mixins.PDFFontSource;
let fonts: { regular: PDFKit.Mixins.PDFFontSource; bold: PDFKit.Mixins.PDFFontSource } | undefined;

/** The status stamp: paid in green, money given back in grey, owed or void in red. */
const statusColors: Record<InvoiceStatus, string> = {
  paid: '#1c6b3a',
  partiallyRefunded: '#444444',
  refunded: '#444444',
  unpaid: '#a01d23',
  void: '#a01d23',
};

/** Raise it when the layout changes: every kept PDF is then rendered again on its next download. */
const layoutVersion = 3;

/**
 * SHA-256 of everything a render depends on (layout, invoice, the language's words, the
 * letterhead): a kept PDF with the same hash is the PDF a render would make now.
 */
export function invoicePdfHash(invoice: Invoice, language: ApiLanguage): string {
  const inputs = [layoutVersion, language, invoice, invoiceTexts(language), brand, postalAddressFor(language)];
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex');
}

// pdfkit works synchronously, and a whole invoice is one long block of the server's only
// thread: the render pauses between its parts so that other requests run in between.
export const letOthersRun = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The invoice as a PDF document (pdfkit) in the reader's language. Callers go through
 * services/billing/invoice-documents.ts, which keeps each render.
 */
export async function renderInvoicePdf(invoice: Invoice, language: ApiLanguage): Promise<Buffer> {
  fonts ??= { regular: openFont('DejaVuSans.ttf'), bold: openFont('DejaVuSans-Bold.ttf') };
  const { regular, bold } = fonts;
  // The web invoice's own words, so the PDF reads like the page it came from.
  const { invoice: t, invoiceStatus: statusText } = invoiceTexts(language);
  const title = fillArguments(t.number, { number: invoice.InvoiceNumber });
  const doc = new PDFDocument({ size: 'LETTER', margin: 54, lang: language, info: { Title: title, Author: brand.company } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const status = invoiceStatus(invoice);
  doc.font(bold).fontSize(18).text(brand.company);
  doc.font(regular).fontSize(9).fillColor('#444').text(postalAddressFor(language)).text(brand.supportEmail);
  doc.moveDown(1.5);
  // Each on its own line: a line continued in a smaller size advances by the smaller size, and
  // the status under it overlapped the heading.
  doc.fillColor('#000').font(bold).fontSize(16).text(title);
  doc
    .font(regular)
    .fontSize(10)
    .text(fillArguments(t.version, { version: String(invoice.InvoiceVersion) }));
  doc.moveDown(0.3);
  doc.font(bold).fontSize(12).fillColor(statusColors[status]).text(statusText[status].toLocaleUpperCase(language));
  doc.fillColor('#000').font(regular).fontSize(10);
  doc.text(`${t.invoiceDate}: ${formatInvoiceDate(invoice.CreatedDate)}`);
  if (invoice.FullyPaidDate) doc.text(`${t.paidDate}: ${formatInvoiceDate(invoice.FullyPaidDate)}`);
  doc.moveDown();
  await letOthersRun();

  doc.font(bold).text(t.billTo);
  doc.font(regular);
  for (const line of [
    invoice.BillingCompanyName,
    invoice.BillingName,
    invoice.BillingAddress1,
    invoice.BillingAddress2,
    [invoice.BillingCity, invoice.BillingStateName ?? invoice.BillingStateCode, invoice.BillingPostalCode].filter(Boolean).join(', '),
    invoice.BillingCountryName,
    invoice.BillingEmailAddress,
    invoice.BillingTaxId && `${t.taxId}: ${invoice.BillingTaxId}`,
    invoice.PurchaseOrder && `${t.purchaseOrder}: ${invoice.PurchaseOrder}`,
  ]) {
    if (line) doc.text(line);
  }
  doc.moveDown();
  await letOthersRun();

  // Wide enough for the longest column titles (Russian "Количество", "Цена за единицу").
  const columns = { description: 54, unit: 300, quantity: 390, total: 470 };
  const row = (cells: [string, string, string, string], font = regular) => {
    const y = doc.y;
    doc.font(font);
    // Any cell may wrap: the row ends below the tallest.
    let bottom = y;
    const cell = (text: string, x: number, width: number, align: 'left' | 'right') => {
      doc.text(text, x, y, { width, align });
      bottom = Math.max(bottom, doc.y);
    };
    cell(cells[0], columns.description, 236, 'left');
    cell(cells[1], columns.unit, 80, 'right');
    cell(cells[2], columns.quantity, 70, 'right');
    cell(cells[3], columns.total, 88, 'right');
    doc.y = bottom + 4;
  };
  row([t.description, t.unitPrice, t.quantity, t.amount], bold);
  for (const line of invoice.LineItems) {
    // The key on a line of its own: beside its label it would break at a hyphen in the narrow column.
    const described = line.AvailableLicenseKey ? `${line.Description}\n${t.licenseKey}:\n${line.AvailableLicenseKey}` : line.Description;
    row([described, formatUsd(line.UnitAmount), String(line.Quantity), formatUsd(line.SubTotalAmount)]);
    await letOthersRun();
  }
  doc.moveDown(0.5);
  const total = (label: string, value: string, font = regular) => row([label, '', '', value], font);
  total(t.subtotal, formatUsd(invoice.SubTotalAmount));
  const rate = taxRateValues(invoice, language);
  total(rate ? fillArguments(t.taxRate, rate) : t.tax, invoice.IsTaxExempt ? t.taxExempt : formatUsd(invoice.TaxTotalAmount));
  total(`${t.total} (USD)`, formatUsd(invoice.TotalAmount), bold);
  total(t.amountDue, status === 'void' ? t.void : formatUsd(invoice.TotalAmountDue), bold);
  await letOthersRun();

  // As on the web page: the money taken, then what was given back or voided, as negative amounts.
  const taken = invoice.Payments.filter((payment) => payment.IsPayment);
  if (taken.length) {
    doc.moveDown();
    doc.font(bold).text(t.payments, columns.description);
    for (const payment of taken) row([`${formatInvoiceDate(payment.DateTime)}  ${payment.Description}`, '', '', formatUsd(payment.Amount)]);
  }
  if (invoice.Credits.length) {
    doc.moveDown();
    doc.font(bold).text(t.credits, columns.description);
    for (const credit of invoice.Credits) {
      const what = [formatInvoiceDate(credit.DateTime), credit.Kind === 'void' ? t.creditVoid : t.creditRefund].filter(Boolean).join('  ');
      const reason = credit.Reason ? `\n${fillArguments(t.creditReason, { reason: credit.Reason })}` : '';
      row([`${what}${reason}`, '', '', formatUsd(-credit.Amount)]);
    }
  }
  doc.moveDown(2);
  doc
    .font(regular)
    .fontSize(8)
    .fillColor('#444')
    .text(fillArguments(t.pdfFooter, { company: brand.company }), columns.description);
  await letOthersRun();
  // The longest part left: the fonts' subsets are made and compressed here.
  doc.end();
  return done;
}
