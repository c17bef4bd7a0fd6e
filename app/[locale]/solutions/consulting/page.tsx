import { PlaceholderPage } from '@/components/shell/PlaceholderPage';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('consulting', '/solutions/consulting');

export default function SolutionsConsultingPage() {
  return <PlaceholderPage page="consulting" />;
}
