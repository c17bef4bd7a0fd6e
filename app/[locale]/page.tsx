import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { buttonClass } from '@/components/ui/Button';
import { PageSection } from '@/components/ui/PageSection';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('home', '/');

export default async function HomePage() {
  const t = await getTranslations('pages.home');
  return (
    <PageSection title={t('heading')}>
      <Link href="/solutions/consulting" className={buttonClass('primary')}>
        {t('explore')}
      </Link>
    </PageSection>
  );
}
