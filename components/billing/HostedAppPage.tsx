import { getTranslations } from 'next-intl/server';
import { IntlMessages } from '@/components/shell/IntlMessages';
import { PageSection } from '@/components/ui/PageSection';
import type { HostedApp } from '@/lib/contract/hosted-apps';
import { HostedAppLanding } from './HostedAppLanding';

/** The landing page of a hosted app (docs/product/billing.md#app-landing-pages): static heading, the customer's part in the browser. */
export async function HostedAppPage({ app }: { app: HostedApp }) {
  const [t, site] = await Promise.all([getTranslations('pages'), getTranslations('site.apps')]);
  const appName = t(`${app}.heading`);
  return (
    <PageSection title={appName}>
      <IntlMessages namespaces={['billing']}>
        <HostedAppLanding app={app} appName={appName} login={{ text: site('loginRequired'), action: site('login') }} />
      </IntlMessages>
    </PageSection>
  );
}
