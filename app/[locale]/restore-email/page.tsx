import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { RestoreEmail } from '@/components/account/RestoreEmail';
import { IntlMessages } from '@/components/shell/IntlMessages';
import { LoadingStatus } from '@/components/ui/LoadingStatus';
import { PageSection } from '@/components/ui/PageSection';
import { metadataFor } from '@/lib/page-metadata';

// Outside /account: the proxy's login guard would turn away a visitor without a session, the
// very one this page is for (the link is opened from the old mailbox, often on another device).
export const generateMetadata = metadataFor('restoreEmail', '/restore-email', { index: false });

/** Static shell; reading ?token= needs a Suspense boundary on a static page. */
export default async function RestoreEmailPage() {
  const t = await getTranslations();
  return (
    <PageSection title={t('pages.restoreEmail.heading')}>
      <IntlMessages namespaces={['account']}>
        <Suspense fallback={<LoadingStatus label={t('account.restoreEmail.loading')} />}>
          <RestoreEmail />
        </Suspense>
      </IntlMessages>
    </PageSection>
  );
}
