import { Customers } from '@/components/admin/Customers';
import { consoleTitle } from '../metadata';

export const generateMetadata = consoleTitle('customers');

export default async function AdminCustomersPage({ searchParams }: PageProps<'/[locale]/admin/customers'>) {
  const { q } = await searchParams;
  const query = typeof q === 'string' ? q : '';
  return <Customers key={query} initialQuery={query} />;
}
