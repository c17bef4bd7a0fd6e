import { PlaceholderPage } from '@/components/shell/PlaceholderPage';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('checkout', '/store/checkout', { index: false });

export default function StoreCheckoutPage() {
  return <PlaceholderPage page="checkout" />;
}
