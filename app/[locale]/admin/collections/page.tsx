import { listFiltersOf } from '@/components/admin/list-filters';
import { OwedList } from '@/components/admin/OwedList';
import { consoleTitle } from '../metadata';

export const generateMetadata = consoleTitle('owed');

export default async function AdminOwedPage({ searchParams }: PageProps<'/[locale]/admin/collections'>) {
  const { page } = listFiltersOf(await searchParams);
  return <OwedList key={page} page={page} />;
}
