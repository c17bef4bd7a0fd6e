import { PlaceholderPage } from '@/components/shell/PlaceholderPage';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('pricing', '/store/pricing');

export default function StorePricingPage() {
  return <PlaceholderPage page="pricing" />;
}
