'use client';

import { useTranslations } from 'next-intl';
import { Link, usePathname } from '@/i18n/navigation';
import { openAuthDialog } from '@/lib/state/auth-dialogs';
import { Button, buttonClass } from '../ui/Button';
import { Notice, RetryNotice } from '../ui/Notice';
import type { PortalData } from './use-portal-data';

export function LoadingState({ label }: { label?: string }) {
  const t = useTranslations('billing');
  return (
    <div role="status" className="flex items-center gap-3 py-10 text-slate-700">
      <span aria-hidden className="size-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent motion-reduce:animate-none" />
      {label ?? t('loading')}
    </div>
  );
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
      return (
        <Notice>
          <p>{t('loginRequired')}</p>
          <Button onClick={() => openAuthDialog('login', pathname)}>{t('login')}</Button>
        </Notice>
      );
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
