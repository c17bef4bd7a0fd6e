import { PlaceholderPage } from '@/components/shell/PlaceholderPage';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('billing', '/account/billing', { index: false });

export default function AccountBillingPage() {
  return <PlaceholderPage page="billing" />;
}
