import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { IntlMessages } from '@/components/shell/IntlMessages';
import { PageTexts } from '@/components/shell/PageTexts';
import { formMessagePaths } from '@/components/shell/shell-messages';
import { Checkout } from '@/components/store/Checkout';
import { LoadingStatus } from '@/components/ui/LoadingStatus';
import { PageSection } from '@/components/ui/PageSection';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('checkout', '/store/checkout', { index: false });

/** Static shell; reading ?invoice= needs a Suspense boundary on a static page. */
export default async function StoreCheckoutPage() {
  const t = await getTranslations();
  return (
    <PageSection title={t('pages.checkout.heading')}>
      <IntlMessages namespaces={['store', 'billing.invoice']}>
        <PageTexts paths={formMessagePaths}>
          <Suspense fallback={<LoadingStatus label={t('store.loading.checkout')} />}>
            <Checkout />
          </Suspense>
        </PageTexts>
      </IntlMessages>
    </PageSection>
  );
}
