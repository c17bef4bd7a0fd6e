import { PlaceholderPage } from '@/components/shell/PlaceholderPage';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('solutions', '/solutions');

export default function SolutionsPage() {
  return <PlaceholderPage page="solutions" />;
}
