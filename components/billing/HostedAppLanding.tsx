'use client';

import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useId } from 'react';
import { Link, usePathname } from '@/i18n/navigation';
import { fetchHostedAppAccess } from '@/lib/api/billing';
import type { Subscription } from '@/lib/contract/billing';
import type { HostedApp, HostedAppAccess } from '@/lib/contract/hosted-apps';
import { formatInvoiceDate } from '@/lib/contract/presentation';
import { subscriptionPath } from '@/lib/portal-paths';
import { isLoggedIn, useAppState } from '@/lib/state/app-state';
import { LoginPanel } from '../account/LoginPanel';
import { useDataScope } from '../data/use-data-scope';
import { buttonClass } from '../ui/button-class';
import { RetryNotice } from '../ui/Notice';
import { textLinkClass } from './links';
import { LoadingState } from './PortalStatus';
import { SubscriptionName, SubscriptionStateBadge } from './status';

/** Screen 15's words for a visitor without a session, as the app product pages say them (site.apps). */
export interface LoginTexts {
  text: string;
  action: string;
}

/**
 * An app's landing page at /apps/{app} (docs/product/billing.md#app-landing-pages): the button
 * into the app, the customer's plans of it with their licence keys; logged out, the login.
 * No login dialog opens by itself: a visitor from START may only be looking.
 */
export function HostedAppLanding({ app, appName, login }: { app: HostedApp; appName: string; login: LoginTexts }) {
  const t = useTranslations('billing');
  const pathname = usePathname();
  const checked = useAppState((state) => state.sessionChecked);
  const loggedIn = useAppState(isLoggedIn);
  const query = useQuery({
    queryKey: [...useDataScope('portal'), 'hostedApp', app],
    queryFn: ({ signal }) => fetchHostedAppAccess(app, signal),
    enabled: checked && loggedIn,
    meta: { login: { returnTo: pathname }, showFailure: true },
  });

  if (!checked) return <LoadingState />;
  if (!loggedIn) return <LoginPanel text={login.text} actionLabel={login.action} returnTo={pathname} />;
  if (query.data) return <Access access={query.data} appName={appName} />;
  if (query.isError && !query.isFetching)
    return <RetryNotice text={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />;
  return <LoadingState />;
}

function Access({ access, appName }: { access: HostedAppAccess; appName: string }) {
  const t = useTranslations('billing.appLanding');
  const locale = useLocale();
  const headingId = useId();
  return (
    <div className="flex flex-col gap-8">
      <div data-testid="app-entry" className="flex flex-col items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-6">
        {access.AppUrl ? (
          // The app runs elsewhere (APP_PDF_URL, APP_HEALTH_URL): a plain link loads it.
          <a href={access.AppUrl} className={buttonClass('primary')}>
            {t('openApp', { app: appName.toLocaleUpperCase(locale) })}
          </a>
        ) : (
          <p className="text-slate-800">{t('opensSoon', { app: appName })}</p>
        )}
      </div>
      <section aria-labelledby={headingId} className="flex flex-col gap-4">
        <h2 id={headingId} className="text-xl font-semibold text-slate-900">
          {t('plans')}
        </h2>
        {access.Subscriptions.length ? (
          <ul className="flex flex-col gap-4">
            {access.Subscriptions.map((subscription) => (
              <Plan key={subscription.Key} subscription={subscription} />
            ))}
          </ul>
        ) : (
          <div className="flex flex-col items-start gap-2">
            <p className="text-slate-800">{access.FreePlan ? t('freePlan', { plan: access.FreePlan }) : t('noPlan')}</p>
            <Link href="/store/pricing" className={textLinkClass}>
              {t('seePlans')}
            </Link>
          </div>
        )}
      </section>
    </div>
  );
}

function Plan({ subscription }: { subscription: Subscription }) {
  const t = useTranslations('billing');
  const nameId = useId();
  return (
    <li
      aria-labelledby={nameId}
      data-testid="app-plan"
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h3 id={nameId} className="text-lg font-semibold text-slate-900">
          <SubscriptionName subscription={subscription} />
        </h3>
        <SubscriptionStateBadge subscription={subscription} />
      </div>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{t('subscription.licenseKey')}</dt>
          <dd className="font-mono break-all text-slate-900 select-all">{subscription.LicenseKey}</dd>
        </div>
        <div className="flex flex-col gap-1">
          <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{t('subscription.expiration')}</dt>
          <dd className="text-slate-900 tabular-nums">{formatInvoiceDate(subscription.ExpirationDate)}</dd>
        </div>
      </dl>
      <Link href={subscriptionPath(subscription.Key)} className={textLinkClass}>
        {t('appLanding.details')}
      </Link>
    </li>
  );
}
