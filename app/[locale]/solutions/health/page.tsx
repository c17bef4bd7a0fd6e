import { AppProductPage } from '@/components/site/AppProductPage';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('health', '/solutions/health');

export default function SolutionsHealthPage() {
  return <AppProductPage app="health" />;
}
