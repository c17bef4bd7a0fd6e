import { PlaceholderPage } from '@/components/shell/PlaceholderPage';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('subscription', '/account/billing', { index: false });

export default function SubscriptionPage() {
  return <PlaceholderPage page="subscription" />;
}
