import { getTranslations } from 'next-intl/server';
import { InvoiceView } from '@/components/billing/InvoiceView';
import { IntlMessages } from '@/components/shell/IntlMessages';
import { PageSection } from '@/components/ui/PageSection';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('invoice', '/account/billing', { index: false });

/** The heading is static; the invoice is the signed-in user's and loads in the browser. */
export default async function InvoicePage({ params }: PageProps<'/[locale]/account/billing/invoice/[id]'>) {
  const [{ id }, t] = await Promise.all([params, getTranslations('pages.invoice')]);
  return (
    <PageSection title={t('heading')}>
      <IntlMessages namespaces={['billing']}>
        <InvoiceView id={id} />
      </IntlMessages>
    </PageSection>
  );
}
