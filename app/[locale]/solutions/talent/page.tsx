import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/site/blocks';
import { buttonClass } from '@/components/ui/button-class';
import { LocaleLink as Link } from '@/components/shell/LocaleLink';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('talent', '/solutions/talent');

/** A stub with a link to the app and a to-do note (docs/product/pages.md#talent-page). */
export default async function SolutionsTalentPage() {
  const page = await getTranslations('pages.talent');
  const t = await getTranslations('site.talent');
  return (
    <>
      <PageIntro title={page('heading')} lead={t('lead')}>
        <Link href="/app/talent" className={buttonClass('primary')}>
          {t('goToApp')}
        </Link>
      </PageIntro>
      <div className="page-width py-10">
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">{t('todo')}</p>
      </div>
    </>
  );
}
