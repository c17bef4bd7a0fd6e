import { PlaceholderPage } from '@/components/shell/PlaceholderPage';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('pdf', '/solutions/pdf');

export default function SolutionsPdfPage() {
  return <PlaceholderPage page="pdf" />;
}
