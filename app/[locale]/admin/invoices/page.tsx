import { listFiltersOf, listKey } from '@/components/admin/list-filters';
import { InvoiceList } from '@/components/admin/Lists';
import { consoleTitle } from '../metadata';

export const generateMetadata = consoleTitle('invoices');

export default async function AdminInvoicesPage({ searchParams }: PageProps<'/[locale]/admin/invoices'>) {
  const filters = listFiltersOf(await searchParams);
  return <InvoiceList key={listKey(filters)} filters={filters} />;
}
