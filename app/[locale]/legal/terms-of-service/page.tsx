import { LegalDocument } from '@/components/legal/LegalDocument';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('termsOfService', '/legal/terms-of-service');

export default function TermsOfServicePage() {
  return <LegalDocument document="termsOfService" />;
}
