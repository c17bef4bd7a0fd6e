import { getTranslations } from 'next-intl/server';
import { BillingOverview } from '@/components/billing/BillingOverview';
import { IntlMessages } from '@/components/shell/IntlMessages';
import { PageSection } from '@/components/ui/PageSection';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('billing', '/account/billing', { index: false });

/** Static shell; the tables are the signed-in user's and load in the browser. */
export default async function AccountBillingPage() {
  const t = await getTranslations('pages.billing');
  return (
    <PageSection title={t('heading')}>
      <IntlMessages namespaces={['billing']}>
        <BillingOverview />
      </IntlMessages>
    </PageSection>
  );
}
