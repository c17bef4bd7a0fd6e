import { getTranslations } from 'next-intl/server';
import { SubscriptionView } from '@/components/billing/SubscriptionView';
import { IntlMessages } from '@/components/shell/IntlMessages';
import { PageSection } from '@/components/ui/PageSection';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('subscription', '/account/billing', { index: false });

/** The heading is static; the subscription is the signed-in user's and loads in the browser. */
export default async function SubscriptionPage({ params }: PageProps<'/[locale]/account/billing/subscription/[id]'>) {
  const [{ id }, t] = await Promise.all([params, getTranslations('pages.subscription')]);
  return (
    <PageSection title={t('heading')}>
      <IntlMessages namespaces={['billing']}>
        <SubscriptionView id={id} />
      </IntlMessages>
    </PageSection>
  );
}
