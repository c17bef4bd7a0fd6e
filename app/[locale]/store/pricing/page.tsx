import { getTranslations } from 'next-intl/server';
import { PageTexts } from '@/components/shell/PageTexts';
import { PricingOffers } from '@/components/store/PricingOffers';
import { PageSection } from '@/components/ui/PageSection';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('pricing', '/store/pricing');

/** Static shell; the offers come from the catalog in the browser. */
export default async function StorePricingPage() {
  const t = await getTranslations();
  return (
    <PageSection title={t('pages.pricing.heading')}>
      <p className="-mt-2 mb-8 max-w-2xl text-lg text-slate-700">{t('store.pricing.lead')}</p>
      <PageTexts paths={['store.pricing', 'store.loading', 'store.retry']}>
        <PricingOffers />
      </PageTexts>
    </PageSection>
  );
}
