import { AppProductPage } from '@/components/site/AppProductPage';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('pdf', '/solutions/pdf');

export default function SolutionsPdfPage() {
  return <AppProductPage app="pdf" />;
}
