import { PlaceholderPage } from '@/components/shell/PlaceholderPage';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('health', '/solutions/health');

export default function SolutionsHealthPage() {
  return <PlaceholderPage page="health" />;
}
