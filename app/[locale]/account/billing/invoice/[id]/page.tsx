import { PlaceholderPage } from '@/components/shell/PlaceholderPage';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('invoice', '/account/billing', { index: false });

export default function InvoicePage() {
  return <PlaceholderPage page="invoice" />;
}
