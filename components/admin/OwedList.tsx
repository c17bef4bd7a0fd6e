'use client';

import { useTranslations } from 'next-intl';
import { cells, DataTable } from '@/components/billing/DataTable';
import { Badge } from '@/components/billing/status';
import { Button } from '@/components/ui/Button';
import { fetchOwed, remindOwed, retryOwedCharge } from '@/lib/api/admin';
import type { OwedRow } from '@/lib/contract/admin-lists';
import { showError } from '@/lib/state/snackbar';
import { reportDone, useAdminQuery, useAdminWrite } from './admin-queries';
import { askConsole } from './console-store';
import { CustomerCell, InvoiceLink } from './Lists';
import { Pager } from './ListScreen';
import { AdminStatus, EmptyState, ScreenHeading, useDates, useMoney } from './parts';
import { adminPaths } from './paths';

/** Money owed: failed renewals and unpaid invoices with their age, a reminder or a new charge each. */
export function OwedList({ page }: { page: number }) {
  const t = useTranslations('admin.owed');
  const { state, retry } = useAdminQuery(['owed', page], (signal) => fetchOwed(page, signal));
  return (
    <>
      <ScreenHeading title={t('title')} />
      <p className="mb-6 max-w-3xl text-sm text-slate-700">{t('intro')}</p>
      {state.status !== 'ready' ? (
        <AdminStatus state={state} onRetry={retry} />
      ) : (
        <div className="flex flex-col gap-4">
          {state.data.Rows.length === 0 ? <EmptyState>{t('empty')}</EmptyState> : <OwedTable rows={state.data.Rows} />}
          <Pager page={page} hasMore={state.data.HasMore} hrefOf={(next) => `${adminPaths.owed}?page=${next}`} />
        </div>
      )}
    </>
  );
}

function OwedTable({ rows }: { rows: OwedRow[] }) {
  const t = useTranslations('admin.owed');
  const { date } = useDates();
  const money = useMoney();
  return (
    <DataTable
      label={t('title')}
      caption={t('title')}
      columns={[
        { label: t('invoice') },
        { label: t('customer') },
        { label: t('age') },
        { label: t('reminders'), wide: true },
        { label: t('amount'), numeric: true },
        { label: t('actions') },
      ]}
    >
      {rows.map((row) => (
        <tr key={`${row.Kind}/${row.Key}`} data-testid="owed-row">
          <td className={cells.text}>
            <InvoiceLink row={row} />
            <span className="mt-1 block">
              <Badge tone={row.IsRenewal ? 'bad' : 'wait'}>{row.IsRenewal ? t('failedRenewal') : t('unpaid')}</Badge>
            </span>
          </td>
          <CustomerCell row={row} />
          <td className={cells.date}>
            {t('ageDays', { days: row.AgeDays })}
            <span className="block text-xs text-slate-600">{t('since', { date: date(row.SinceDate) })}</span>
          </td>
          <td className={`${cells.text} ${cells.wide}`}>
            {row.LastReminderDate ? t('reminded', { count: row.ReminderCount, date: date(row.LastReminderDate) }) : t('notReminded')}
          </td>
          <td className={cells.amount}>{money(row.Amount)}</td>
          <td className={cells.text}>
            <OwedActions row={row} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function OwedActions({ row }: { row: OwedRow }) {
  const t = useTranslations('admin.owed');
  const money = useMoney();
  const reminding = useAdminWrite(remindOwed);
  const charging = useAdminWrite(retryOwedCharge);
  const retry = async () => {
    const asked = {
      title: t('retryTitle'),
      message: t('retryMessage', { amount: money(row.Amount), email: row.CustomerEmailAddress }),
      confirmLabel: t('retry'),
    };
    if (!(await askConsole(asked))) return;
    charging.mutate(row, {
      onSuccess: (answer) => (answer.Paid ? reportDone(t('paid')) : showError({ text: t('declined') })),
    });
  };
  return (
    <span className="flex flex-wrap gap-2">
      <Button
        variant="plain"
        busy={reminding.isPending}
        onClick={() => reminding.mutate(row, { onSuccess: () => reportDone(t('reminderSent')) })}
      >
        {t('remind')}
      </Button>
      {row.IsRenewal && (
        <Button busy={charging.isPending} onClick={() => void retry()}>
          {t('retry')}
        </Button>
      )}
    </span>
  );
}
