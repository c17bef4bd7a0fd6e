import { getTranslations } from 'next-intl/server';
import { IntlMessages } from '@/components/shell/IntlMessages';
import { PageTexts } from '@/components/shell/PageTexts';
import { formMessagePaths } from '@/components/shell/shell-messages';
import { ShoppingCart } from '@/components/store/ShoppingCart';
import { PageSection } from '@/components/ui/PageSection';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('cart', '/store/cart', { index: false });

/** Static shell; the cart is the signed-in user's and loads in the browser. */
export default async function StoreCartPage() {
  const t = await getTranslations('pages.cart');
  return (
    <PageSection title={t('heading')}>
      {/* The tax-exempt phrase is the invoice's, so cart, invoice and PDF say the same. */}
      <IntlMessages namespaces={['store', 'billing.invoice.taxExempt', 'billing.invoice.taxRate']}>
        <PageTexts paths={formMessagePaths}>
          <ShoppingCart />
        </PageTexts>
      </IntlMessages>
    </PageSection>
  );
}
