import { LegalDocument } from '@/components/legal/LegalDocument';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('cookiePolicy', '/legal/cookie-policy');

export default function CookiePolicyPage() {
  return <LegalDocument document="cookiePolicy" />;
}
