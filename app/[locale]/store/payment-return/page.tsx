import { PlaceholderPage } from '@/components/shell/PlaceholderPage';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('paymentReturn', '/store/payment-return', { index: false });

export default function StorePaymentReturnPage() {
  return <PlaceholderPage page="paymentReturn" />;
}
