import { getTranslations } from 'next-intl/server';
import { PageSection } from '@/components/ui/PageSection';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('appTalent', '/app/talent', { index: false });

export default async function TalentAppPage() {
  const t = await getTranslations('pages.appTalent');
  return (
    <PageSection title={t('heading')}>
      <p>{t('placeholder')}</p>
    </PageSection>
  );
}
