'use client';

import { useTranslations } from 'next-intl';
import { Link, usePathname } from '@/i18n/navigation';
import { buttonClass } from '../ui/button-class';
import { LoginPanel } from '../account/LoginPanel';
import { LoadingStatus } from '../ui/LoadingStatus';
import { Notice, RetryNotice } from '../ui/Notice';
import type { PortalData } from './use-portal-query';

export function LoadingState({ label }: { label?: string }) {
  const t = useTranslations('billing');
  return <LoadingStatus label={label ?? t('loading')} />;
}

/**
 * Everything a billing screen shows before its data is there: loading, the login request,
 * "not found" (with the way back to billing) and a failure with a retry. Renders nothing
 * once the data is ready.
 */
export function PortalStatus<T>({ state, notFound, onRetry }: { state: PortalData<T>; notFound?: string; onRetry(): void }) {
  const t = useTranslations('billing');
  const pathname = usePathname();
  switch (state.status) {
    case 'ready':
      return null;
    case 'loading':
      return <LoadingState />;
    case 'loginRequired':
      return <LoginPanel text={t('loginRequired')} actionLabel={t('login')} returnTo={pathname} />;
    case 'notFound':
      return (
        <Notice>
          <p role="alert">{notFound}</p>
          <Link href="/account/billing" className={buttonClass('primary')}>
            {t('backToBilling')}
          </Link>
        </Notice>
      );
    case 'failed':
      return <RetryNotice text={t('loadFailed')} retryLabel={t('retry')} onRetry={onRetry} />;
  }
}
