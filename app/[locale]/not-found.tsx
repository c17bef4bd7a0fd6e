import { getTranslations } from 'next-intl/server';
import { buttonClass } from '@/components/ui/button-class';
import { PageSection } from '@/components/ui/PageSection';
import { LocaleLink } from '@/components/shell/LocaleLink';

/**
 * What a page that calls notFound() shows, inside the site's header and footer, in the page's
 * language: the operator console to an account without a staff role, for one. Unknown paths
 * go home instead ([...rest]). Its link needs no next-intl provider: the site's layout has none.
 */
export default async function NotFound() {
  const t = await getTranslations('pages.notFound');
  return (
    <PageSection title={t('heading')}>
      <p className="mb-6 text-slate-700">{t('text')}</p>
      <LocaleLink href="/" className={buttonClass('primary')}>
        {t('home')}
      </LocaleLink>
    </PageSection>
  );
}
