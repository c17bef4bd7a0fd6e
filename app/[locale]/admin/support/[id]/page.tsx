import { SupportThread } from '@/components/admin/SupportThread';
import { consoleTitle } from '../../metadata';

export const generateMetadata = consoleTitle('supportThread');

export default async function AdminSupportThreadPage({ params }: PageProps<'/[locale]/admin/support/[id]'>) {
  const { id } = await params;
  return <SupportThread key={id} id={id} />;
}
