import { CustomerView } from '@/components/admin/CustomerView';
import { consoleTitle } from '../../metadata';

export const generateMetadata = consoleTitle('customer');

export default async function AdminCustomerPage({ params }: PageProps<'/[locale]/admin/customers/[id]'>) {
  const { id } = await params;
  return <CustomerView key={id} id={id} />;
}
