import { PlaceholderPage } from '@/components/shell/PlaceholderPage';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('blank', '/blank');

export default function BlankPage() {
  return <PlaceholderPage page="blank" />;
}
