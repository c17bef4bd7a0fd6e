import { PlaceholderPage } from '@/components/shell/PlaceholderPage';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('settings', '/account/settings', { index: false });

export default function AccountSettingsPage() {
  return <PlaceholderPage page="settings" />;
}
