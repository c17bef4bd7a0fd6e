import { OfferEditor } from '@/components/admin/OfferEditor';
import { consoleTitle } from '../../metadata';

export const generateMetadata = consoleTitle('offer');

export default async function AdminOfferPage({ params }: PageProps<'/[locale]/admin/catalog/[key]'>) {
  const { key } = await params;
  return <OfferEditor key={key} offerKey={key} />;
}
