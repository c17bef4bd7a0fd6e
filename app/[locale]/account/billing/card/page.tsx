import { getTranslations } from 'next-intl/server';
import { CardUpdate } from '@/components/billing/CardUpdate';
import { IntlMessages } from '@/components/shell/IntlMessages';
import { PageTexts } from '@/components/shell/PageTexts';
import { formMessagePaths } from '@/components/shell/shell-messages';
import { PageSection } from '@/components/ui/PageSection';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('card', '/account/billing/card', { index: false });

/** Static shell; the card and the provider's form are the signed-in user's and load in the browser. */
export default async function CardPage() {
  const t = await getTranslations('pages.card');
  return (
    <PageSection title={t('heading')}>
      <IntlMessages namespaces={['billing', 'store.checkout']}>
        <PageTexts paths={formMessagePaths}>
          <CardUpdate />
        </PageTexts>
      </IntlMessages>
    </PageSection>
  );
}
