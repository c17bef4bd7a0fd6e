import { PlaceholderPage } from '@/components/shell/PlaceholderPage';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('talent', '/solutions/talent');

export default function SolutionsTalentPage() {
  return <PlaceholderPage page="talent" />;
}
