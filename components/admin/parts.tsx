'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, type ReactNode } from 'react';
import { buttonClass } from '@/components/ui/button-class';
import { LoadingStatus } from '@/components/ui/LoadingStatus';
import { Notice, RetryNotice } from '@/components/ui/Notice';
import { Link } from '@/i18n/navigation';
import { formatUsdIn } from '@/lib/contract/presentation';
import type { AdminData } from './admin-queries';

/** A console screen's heading, with its actions beside it on wide screens. */
export function ScreenHeading({ title, children, back }: { title: string; children?: ReactNode; back?: { href: string; label: string } }) {
  return (
    <div className="mb-6 flex flex-col gap-3">
      {back && (
        <Link href={back.href} className="self-start text-sm text-brand-700 underline-offset-2 hover:underline">
          <span aria-hidden>←</span> {back.label}
        </Link>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">{title}</h1>
        {children && <div className="flex flex-wrap gap-2">{children}</div>}
      </div>
    </div>
  );
}

/** Everything a screen shows before its data is there; nothing once it is ready. */
export function AdminStatus<T>({
  state,
  notFound,
  back,
  onRetry,
}: {
  state: AdminData<T>;
  notFound?: string;
  back?: { href: string; label: string };
  onRetry(): void;
}) {
  const t = useTranslations('admin.common');
  switch (state.status) {
    case 'ready':
      return null;
    case 'loading':
      return <LoadingStatus label={t('loading')} />;
    case 'notFound':
      return (
        <Notice>
          <p role="alert">{notFound ?? t('notFound')}</p>
          {back && (
            <Link href={back.href} className={buttonClass('primary')}>
              {back.label}
            </Link>
          )}
        </Notice>
      );
    case 'failed':
      return <RetryNotice text={t('loadFailed')} retryLabel={t('retry')} onRetry={onRetry} />;
  }
}

/** A titled block of a screen, named by its heading for screen readers. */
export function Panel({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-600">{children}</p>
  );
}

/** Terms and their values, two columns from small screens up. */
export function Facts({ items }: { items: { term: string; value: ReactNode }[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm sm:grid-cols-[max-content_1fr]">
      {items.map((item) => (
        <div key={item.term} className="contents">
          <dt className="font-medium text-slate-600">{item.term}</dt>
          <dd className="break-words text-slate-900">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Money in cents, as US dollars written the reader's way. */
export const useMoney = () => formatUsdIn(useLocale());

// Shared with the customer's settings.
export { useDates } from '@/components/ui/use-dates';
