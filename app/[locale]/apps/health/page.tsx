import { HostedAppPage } from '@/components/billing/HostedAppPage';
import { hostedAppPath } from '@/lib/contract/hosted-apps';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('health', hostedAppPath('health'), { index: false });

export default function HealthAppPage() {
  return <HostedAppPage app="health" />;
}
