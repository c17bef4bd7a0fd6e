import { AdminInvoiceView } from '@/components/admin/AdminInvoiceView';
import { consoleTitle } from '../../metadata';

export const generateMetadata = consoleTitle('invoice');

export default async function AdminInvoicePage({ params }: PageProps<'/[locale]/admin/invoices/[id]'>) {
  const { id } = await params;
  return <AdminInvoiceView key={id} id={id} />;
}
