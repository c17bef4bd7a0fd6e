import { PlaceholderPage } from '@/components/shell/PlaceholderPage';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('cart', '/store/cart', { index: false });

export default function StoreCartPage() {
  return <PlaceholderPage page="cart" />;
}
