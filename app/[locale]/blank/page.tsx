import { getTranslations } from 'next-intl/server';
import { PageSection } from '@/components/ui/PageSection';
import { metadataFor } from '@/lib/page-metadata';

// A placeholder with nothing to find, so search engines are asked to leave it out.
export const generateMetadata = metadataFor('blank', '/blank', { index: false });

/** Route /blank: a blank placeholder page (docs/product/languages-and-routing.md#routes). */
export default async function BlankPage() {
  const t = await getTranslations('pages.blank');
  return <PageSection title={t('heading')} />;
}
