import path from 'node:path';
import PDFDocument from 'pdfkit';
import { brand, postalAddressLine } from '../../lib/config';
import type { Invoice } from '../../lib/contract/billing';
import { formatInvoiceDate, formatUsd, invoiceStatus } from '../../lib/contract/presentation';

// DejaVu covers Latin and Cyrillic, so billing names in any of the site's languages print.
const fontDir = path.join(process.cwd(), 'node_modules', 'dejavu-fonts-ttf', 'ttf');
const regular = path.join(fontDir, 'DejaVuSans.ttf');
const bold = path.join(fontDir, 'DejaVuSans-Bold.ttf');

const statusText = { paid: 'PAID', unpaid: 'UNPAID', void: 'VOID' } as const;

/** The invoice as a PDF document (pdfkit), rendered on request for its owner. */
export function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 54, info: { Title: `Invoice ${invoice.InvoiceNumber}`, Author: brand.company } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const status = invoiceStatus(invoice);
  doc.font(bold).fontSize(18).text(brand.company);
  doc.font(regular).fontSize(9).fillColor('#444').text(postalAddressLine).text(brand.supportEmail);
  doc.moveDown(1.5);
  doc.fillColor('#000').font(bold).fontSize(16).text(`Invoice ${invoice.InvoiceNumber}`, { continued: true }).font(regular).fontSize(10).text(`   version ${invoice.InvoiceVersion}`);
  doc.font(bold).fontSize(12).fillColor(status === 'paid' ? '#1c6b3a' : '#a01d23').text(statusText[status]);
  doc.fillColor('#000').font(regular).fontSize(10);
  doc.text(`Date: ${formatInvoiceDate(invoice.CreatedDate)}`);
  if (invoice.FullyPaidDate) doc.text(`Paid: ${formatInvoiceDate(invoice.FullyPaidDate)}`);
  doc.moveDown();

  doc.font(bold).text('Bill to');
  doc.font(regular);
  for (const line of [
    invoice.BillingName,
    invoice.BillingAddress1,
    invoice.BillingAddress2,
    [invoice.BillingCity, invoice.BillingStateName ?? invoice.BillingStateCode, invoice.BillingPostalCode].filter(Boolean).join(', '),
    invoice.BillingCountryName,
    invoice.BillingEmailAddress,
  ]) {
    if (line) doc.text(line);
  }
  doc.moveDown();

  const columns = { description: 54, unit: 330, quantity: 410, total: 470 };
  const row = (cells: [string, string, string, string], font = regular) => {
    const y = doc.y;
    doc.font(font);
    doc.text(cells[0], columns.description, y, { width: 270 });
    const after = doc.y;
    doc.text(cells[1], columns.unit, y, { width: 70, align: 'right' });
    doc.text(cells[2], columns.quantity, y, { width: 50, align: 'right' });
    doc.text(cells[3], columns.total, y, { width: 88, align: 'right' });
    doc.y = Math.max(after, doc.y) + 4;
  };
  row(['Description', 'Unit price', 'Qty', 'Amount'], bold);
  for (const line of invoice.LineItems) row([line.Description, formatUsd(line.UnitAmount), String(line.Quantity), formatUsd(line.SubTotalAmount)]);
  doc.moveDown(0.5);
  const total = (label: string, value: string, font = regular) => row([label, '', '', value], font);
  total('Subtotal', formatUsd(invoice.SubTotalAmount));
  total(invoice.IsTaxExempt ? 'Tax (exempt)' : 'Sales tax', formatUsd(invoice.TaxTotalAmount));
  total('Total (USD)', formatUsd(invoice.TotalAmount), bold);
  total('Amount due', status === 'void' ? 'VOID' : formatUsd(invoice.TotalAmountDue), bold);

  if (invoice.Payments.length) {
    doc.moveDown();
    doc.font(bold).text('Payments', columns.description);
    for (const payment of invoice.Payments) row([`${formatInvoiceDate(payment.DateTime)}  ${payment.Description}`, '', '', formatUsd(payment.Amount)]);
  }
  doc.moveDown(2);
  doc.font(regular).fontSize(8).fillColor('#444').text(`Card statements show ${brand.company}. All amounts in US dollars (USD).`, columns.description);
  doc.end();
  return done;
}
