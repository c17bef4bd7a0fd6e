import { getTranslations } from 'next-intl/server';
import { AccountSettings } from '@/components/account/settings/AccountSettings';
import { IntlMessages } from '@/components/shell/IntlMessages';
import { PageTexts } from '@/components/shell/PageTexts';
import { formMessagePaths } from '@/components/shell/shell-messages';
import { PageSection } from '@/components/ui/PageSection';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('settings', '/account/settings', { index: false });

/** Static shell; everything below the heading is the signed-in user's and runs in the browser. */
export default async function AccountSettingsPage() {
  const t = await getTranslations('pages.settings');
  return (
    <PageSection title={t('heading')}>
      <IntlMessages namespaces={['account']}>
        <PageTexts paths={formMessagePaths}>
          <AccountSettings />
        </PageTexts>
      </IntlMessages>
    </PageSection>
  );
}
