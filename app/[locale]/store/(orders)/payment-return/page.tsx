import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { IntlMessages } from '@/components/shell/IntlMessages';
import { PaymentReturn } from '@/components/store/PaymentReturn';
import { LoadingStatus } from '@/components/ui/LoadingStatus';
import { PageSection } from '@/components/ui/PageSection';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('paymentReturn', '/store/payment-return', { index: false });

/** Static shell; reading ?session_id= needs a Suspense boundary on a static page. */
export default async function StorePaymentReturnPage() {
  const t = await getTranslations();
  return (
    <PageSection title={t('pages.paymentReturn.heading')}>
      <IntlMessages namespaces={['store']}>
        <Suspense fallback={<LoadingStatus label={t('store.loading.paymentReturn')} />}>
          <PaymentReturn />
        </Suspense>
      </IntlMessages>
    </PageSection>
  );
}
