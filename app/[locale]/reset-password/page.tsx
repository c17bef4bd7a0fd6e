import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { ResetPassword } from '@/components/account/ResetPassword';
import { QueryProvider } from '@/components/data/QueryProvider';
import { IntlMessages } from '@/components/shell/IntlMessages';
import { PageTexts } from '@/components/shell/PageTexts';
import { formMessagePaths } from '@/components/shell/shell-messages';
import { LoadingStatus } from '@/components/ui/LoadingStatus';
import { PageSection } from '@/components/ui/PageSection';
import { metadataFor } from '@/lib/page-metadata';

// Outside /account: the visitor who opens the mailed link has no session, by definition.
export const generateMetadata = metadataFor('resetPassword', '/reset-password', { index: false });

/** Static shell; reading ?token= needs a Suspense boundary on a static page. */
export default async function ResetPasswordPage() {
  const t = await getTranslations();
  return (
    <PageSection title={t('pages.resetPassword.heading')}>
      <IntlMessages namespaces={['account']}>
        <PageTexts paths={formMessagePaths}>
          <QueryProvider>
            <Suspense fallback={<LoadingStatus label={t('account.resetPassword.loading')} />}>
              <ResetPassword />
            </Suspense>
          </QueryProvider>
        </PageTexts>
      </IntlMessages>
    </PageSection>
  );
}
