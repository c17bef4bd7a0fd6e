'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { cells, DataTable } from '@/components/billing/DataTable';
import { Button } from '@/components/ui/Button';
import { fetchAudit } from '@/lib/api/admin';
import { ApiCallError } from '@/lib/api/client';
import type { AuditEntry } from '@/lib/contract/admin';
import { showError } from '@/lib/state/snackbar';
import { useAdminQuery } from './admin-queries';
import { AdminStatus, EmptyState, ScreenHeading, useDates } from './parts';

const shortened = (value: unknown) => {
  const text = value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};

/** What an entry changed, one field a line: "Price: 999 → 1299". */
function changesOf(entry: Pick<AuditEntry, 'Before' | 'After'>): { field: string; before: string; after: string }[] {
  const fields = [...new Set([...Object.keys(entry.Before ?? {}), ...Object.keys(entry.After ?? {})])];
  return fields.map((field) => ({ field, before: shortened(entry.Before?.[field]), after: shortened(entry.After?.[field]) }));
}

/** Staff actions, newest first; older ones a page at a time. */
export function AuditLog() {
  const t = useTranslations('admin.audit');
  const { state, retry } = useAdminQuery(['audit'], (signal) => fetchAudit(null, signal));
  const [older, setOlder] = useState<{ entries: AuditEntry[]; hasMore: boolean } | null>(null);
  const [loading, setLoading] = useState(false);

  if (state.status !== 'ready')
    return (
      <>
        <ScreenHeading title={t('title')} />
        <AdminStatus state={state} onRetry={retry} />
      </>
    );
  const entries = [...state.data.Entries, ...(older?.entries ?? [])];
  const hasMore = older ? older.hasMore : state.data.HasMore;

  const loadMore = async () => {
    const last = entries.at(-1);
    if (!last) return;
    setLoading(true);
    try {
      const page = await fetchAudit(last.Date);
      setOlder((current) => ({ entries: [...(current?.entries ?? []), ...page.Entries], hasMore: page.HasMore }));
    } catch (error) {
      if (error instanceof ApiCallError) showError(error.content);
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <ScreenHeading title={t('title')} />
      {entries.length === 0 ? (
        <EmptyState>{t('empty')}</EmptyState>
      ) : (
        <div className="flex flex-col gap-4">
          <AuditTable entries={entries} />
          {hasMore && (
            <div>
              <Button variant="plain" busy={loading} onClick={() => void loadMore()}>
                {loading ? t('loadingMore') : t('loadMore')}
              </Button>
            </div>
          )}
        </div>
      )}
    </>
  );
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const t = useTranslations('admin.audit');
  const { dateTime } = useDates();
  return (
    <DataTable
      label={t('title')}
      caption={t('title')}
      columns={[{ label: t('when') }, { label: t('who') }, { label: t('action') }, { label: t('target') }, { label: t('change') }]}
    >
      {entries.map((entry) => (
        <tr key={entry.Key} data-testid="audit-entry">
          <td className={cells.date}>{dateTime(entry.Date)}</td>
          <td className={`${cells.text} min-w-44 [overflow-wrap:anywhere]`}>{entry.StaffEmailAddress}</td>
          <td className={cells.text}>
            <code className="text-xs whitespace-nowrap">{entry.Action}</code>
          </td>
          <td className={cells.text}>
            <span className="block text-xs text-slate-600">{entry.TargetType}</span>
            <span className="block min-w-40 font-mono text-xs [overflow-wrap:anywhere]">{entry.TargetKey}</span>
          </td>
          <td className={cells.text}>
            {/* relative: the words only screen readers get stay inside the table's scroll box. */}
            <ul className="relative flex min-w-48 flex-col gap-0.5 text-xs">
              {changesOf(entry).map((change) => (
                <li key={change.field} className="[overflow-wrap:anywhere]">
                  <span className="font-semibold">{change.field}:</span>{' '}
                  {change.before === change.after ? (
                    change.after
                  ) : (
                    <>
                      {change.before} <span aria-hidden>→</span>
                      <span className="sr-only">{t('becomes')}</span> {change.after}
                    </>
                  )}
                </li>
              ))}
            </ul>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
