import { listFiltersOf, listKey } from '@/components/admin/list-filters';
import { PaymentList } from '@/components/admin/Lists';
import { consoleTitle } from '../metadata';

export const generateMetadata = consoleTitle('payments');

export default async function AdminPaymentsPage({ searchParams }: PageProps<'/[locale]/admin/payments'>) {
  const filters = listFiltersOf(await searchParams, 'kind');
  return <PaymentList key={listKey(filters)} filters={filters} />;
}
