import { eq } from 'drizzle-orm';
import { invoices, type MailAttachmentRef } from '../db/schema';
import type { BackendDeps } from '../deps';
import { invoicePdf } from '../services/billing/invoice-documents';
import { toInvoiceModel } from '../services/billing/invoices';
import type { MailAttachment } from './mailer';

/** The files a queued mail refers to, made when it is sent (the invoice PDF is kept once made). */
export async function attachmentsOf(
  deps: Pick<BackendDeps, 'db' | 'clock' | 'logger' | 'catalog'>,
  ref: MailAttachmentRef | null,
): Promise<MailAttachment[]> {
  if (!ref) return [];
  const { invoiceId, language } = ref.invoicePdf;
  const [row] = await deps.db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!row) return [];
  const invoice = await toInvoiceModel(deps, row, language);
  return [
    {
      filename: `invoice-${invoice.InvoiceNumber}.pdf`,
      content: await invoicePdf(deps, invoice, language),
      contentType: 'application/pdf',
    },
  ];
}
