import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { StaffInviteAcceptance } from '@/components/account/StaffInviteAcceptance';
import { IntlMessages } from '@/components/shell/IntlMessages';
import { PageTexts } from '@/components/shell/PageTexts';
import { formMessagePaths } from '@/components/shell/shell-messages';
import { LoadingStatus } from '@/components/ui/LoadingStatus';
import { PageSection } from '@/components/ui/PageSection';
import { staffInvitePath } from '@/lib/portal-paths';
import { metadataFor } from '@/lib/page-metadata';

// Outside /admin: the invitee has no role yet, often no account either.
export const generateMetadata = metadataFor('staffInvite', staffInvitePath, { index: false });

/** Static shell; reading ?token= needs a Suspense boundary on a static page. */
export default async function StaffInvitePage() {
  const t = await getTranslations();
  return (
    <PageSection title={t('pages.staffInvite.heading')}>
      <IntlMessages namespaces={['account']}>
        <PageTexts paths={formMessagePaths}>
          <Suspense fallback={<LoadingStatus label={t('account.staffInvite.loading')} />}>
            <StaffInviteAcceptance />
          </Suspense>
        </PageTexts>
      </IntlMessages>
    </PageSection>
  );
}
