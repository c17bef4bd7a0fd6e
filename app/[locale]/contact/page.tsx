import { PlaceholderPage } from '@/components/shell/PlaceholderPage';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('contact', '/contact');

export default function ContactPage() {
  return <PlaceholderPage page="contact" />;
}
