import { isSupportFilter, SupportInbox } from '@/components/admin/SupportInbox';
import { consoleTitle } from '../metadata';

export const generateMetadata = consoleTitle('support');

export default async function AdminSupportPage({ searchParams }: PageProps<'/[locale]/admin/support'>) {
  const { status } = await searchParams;
  const filter = typeof status === 'string' && isSupportFilter(status) ? status : 'all';
  return <SupportInbox key={filter} initialFilter={filter} />;
}
