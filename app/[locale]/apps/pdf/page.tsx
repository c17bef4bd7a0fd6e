import { HostedAppPage } from '@/components/billing/HostedAppPage';
import { hostedAppPath } from '@/lib/contract/hosted-apps';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('pdf', hostedAppPath('pdf'), { index: false });

export default function PdfAppPage() {
  return <HostedAppPage app="pdf" />;
}
