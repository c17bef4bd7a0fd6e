import { listFiltersOf, listKey } from '@/components/admin/list-filters';
import { SubscriptionList } from '@/components/admin/Lists';
import { consoleTitle } from '../metadata';

export const generateMetadata = consoleTitle('subscriptions');

export default async function AdminSubscriptionsPage({ searchParams }: PageProps<'/[locale]/admin/subscriptions'>) {
  const filters = listFiltersOf(await searchParams);
  return <SubscriptionList key={listKey(filters)} filters={filters} />;
}
