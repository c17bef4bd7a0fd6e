import { LegalDocument } from '@/components/legal/LegalDocument';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('privacyPolicy', '/legal/privacy-policy');

export default function PrivacyPolicyPage() {
  return <LegalDocument document="privacyPolicy" quickLinks />;
}
