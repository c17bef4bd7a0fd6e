'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { cells, DataTable } from '@/components/billing/DataTable';
import { cx } from '@/components/ui/cx';
import { Link, useRouter } from '@/i18n/navigation';
import { fetchSupportMessages, type SupportFilter } from '@/lib/api/admin';
import type { SupportStatus } from '@/lib/contract/admin';
import { useAdminQuery } from './admin-queries';
import { Badge } from '@/components/billing/status';
import { AdminStatus, EmptyState, ScreenHeading, useDates } from './parts';
import { adminPaths } from './paths';

const filters: SupportFilter[] = ['new', 'answered', 'closed', 'all'];
export const isSupportFilter = (value: string | undefined): value is SupportFilter => filters.includes(value as SupportFilter);

export function SupportStatusBadge({ status }: { status: SupportStatus }) {
  const t = useTranslations('admin.support.status');
  return (
    <Badge tone={status === 'new' ? 'wait' : status === 'answered' ? 'good' : 'muted'} testId="support-status">
      {t(status)}
    </Badge>
  );
}

/** Marks a sender whose address nobody proved: they were not signed in to an account with it. */
export function UnverifiedSenderBadge({ verified }: { verified: boolean }) {
  const t = useTranslations('admin.support');
  if (verified) return null;
  return (
    <Badge tone="wait" testId="sender-unverified">
      {t('unverified')}
    </Badge>
  );
}

/** The support inbox: newest first, filtered by status (kept in the address, so a reload keeps it). */
export function SupportInbox({ initialFilter = 'all' }: { initialFilter?: SupportFilter }) {
  const t = useTranslations('admin.support');
  const router = useRouter();
  const [filter, setFilter] = useState<SupportFilter>(initialFilter);
  const { state, retry } = useAdminQuery(['support', filter], (signal) => fetchSupportMessages(filter, signal));
  const { dateTime } = useDates();

  const choose = (next: SupportFilter) => {
    setFilter(next);
    router.replace(next === 'all' ? adminPaths.support : `${adminPaths.support}?status=${next}`, { scroll: false });
  };

  return (
    <>
      <ScreenHeading title={t('title')} />
      <div role="group" aria-label={t('filterLabel')} className="mb-4 flex flex-wrap gap-2">
        {filters.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={filter === option}
            onClick={() => choose(option)}
            className={cx(
              'rounded-full border px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
              filter === option ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
            )}
          >
            {t(`filter.${option}`)}
          </button>
        ))}
      </div>
      {state.status !== 'ready' ? (
        <AdminStatus state={state} onRetry={retry} />
      ) : state.data.length === 0 ? (
        <EmptyState>{t('empty')}</EmptyState>
      ) : (
        <DataTable
          label={t('title')}
          caption={t('title')}
          columns={[{ label: t('from') }, { label: t('message'), wide: true }, { label: t('received') }, { label: t('statusLabel') }]}
        >
          {state.data.map((row) => (
            <tr key={row.Key}>
              <td className={cx(cells.text, 'min-w-44')}>
                <Link href={adminPaths.supportThread(row.Key)} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                  {row.FullName}
                </Link>
                <span className="block max-w-56 truncate text-xs text-slate-600" title={row.EmailAddress}>
                  {row.EmailAddress}
                </span>
                <UnverifiedSenderBadge verified={row.SenderVerified} />
                <span className={cx(cells.phoneOnly, 'line-clamp-2')}>{row.Message}</span>
              </td>
              <td className={cx(cells.text, cells.wide, 'max-w-md')}>
                <span className="line-clamp-2">{row.Message}</span>
              </td>
              <td className={cells.date}>{dateTime(row.CreatedDate)}</td>
              <td className={cells.text}>
                <SupportStatusBadge status={row.Status} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
