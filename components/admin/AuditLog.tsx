'use client';

import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { cells, DataTable } from '@/components/billing/DataTable';
import { Button } from '@/components/ui/Button';
import { SelectField } from '@/components/ui/SelectField';
import { TextField } from '@/components/ui/TextField';
import { Link, usePathname, useRouter } from '@/i18n/navigation';
import { fetchAudit, fetchAuditFilters } from '@/lib/api/admin';
import { ApiCallError } from '@/lib/api/client';
import type { AuditEntry } from '@/lib/contract/admin';
import { showError } from '@/lib/state/snackbar';
import { useAdminQuery } from './admin-queries';
import { targetPath, useAuditWords, useChanges } from './audit-words';
import { AdminStatus, EmptyState, ScreenHeading, useDates } from './parts';

type Filters = { staff: string; action: string; from: string; to: string };
const filterNames = ['staff', 'action', 'from', 'to'] as const;

/** Staff actions, newest first, filtered in the address (?staff=&action=&from=&to=); older ones a page at a time. */
export function AuditLog() {
  const t = useTranslations('admin.audit');
  const params = useSearchParams();
  const [filters, setFilters] = useState<Filters>(() => ({
    staff: params.get('staff') ?? '',
    action: params.get('action') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  }));
  const { state, retry } = useAdminQuery(['audit', filters], (signal) => fetchAudit(filters, signal));
  const [older, setOlder] = useState<{ filters: Filters; entries: AuditEntry[]; hasMore: boolean } | null>(null);
  const [loading, setLoading] = useState(false);
  const olderHere = older?.filters === filters ? older : null;

  const entries = state.status === 'ready' ? [...state.data.Entries, ...(olderHere?.entries ?? [])] : [];
  const hasMore = state.status === 'ready' && (olderHere ? olderHere.hasMore : state.data.HasMore);

  const loadMore = async () => {
    const last = entries.at(-1);
    if (!last) return;
    setLoading(true);
    try {
      const page = await fetchAudit({ ...filters, before: last.Date });
      setOlder({ filters, entries: [...(olderHere?.entries ?? []), ...page.Entries], hasMore: page.HasMore });
    } catch (error) {
      if (error instanceof ApiCallError) showError(error.content);
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <ScreenHeading title={t('title')} />
      <AuditFilters applied={filters} onApply={setFilters} />
      {state.status !== 'ready' ? (
        <AdminStatus state={state} onRetry={retry} />
      ) : entries.length === 0 ? (
        <EmptyState>{filterNames.some((name) => filters[name]) ? t('noMatch') : t('empty')}</EmptyState>
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

/** The filters: chosen from who acted and what was done; applied to the address too, so a filtered view can be shared. */
function AuditFilters({ applied, onApply }: { applied: Filters; onApply(filters: Filters): void }) {
  const t = useTranslations('admin.audit');
  const words = useAuditWords();
  const router = useRouter();
  const pathname = usePathname();
  const { state } = useAdminQuery(['audit-filters'], fetchAuditFilters);
  const [draft, setDraft] = useState(applied);
  const choices = state.status === 'ready' ? state.data : { Staff: [], Actions: [] };
  const withChosen = (options: string[], chosen: string) => (chosen && !options.includes(chosen) ? [chosen, ...options] : options);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const query = Object.fromEntries(filterNames.filter((name) => draft[name]).map((name) => [name, draft[name]]));
    router.replace({ pathname, query });
    onApply(draft);
  };
  const clear = () => {
    const empty = { staff: '', action: '', from: '', to: '' };
    setDraft(empty);
    router.replace(pathname);
    onApply(empty);
  };

  return (
    <form onSubmit={apply} aria-label={t('filters')} className="mb-6 flex flex-wrap items-end gap-3">
      <SelectField
        className="min-w-56 flex-1"
        label={t('staffFilter')}
        value={draft.staff}
        onChange={(event) => setDraft({ ...draft, staff: event.target.value })}
        options={[
          { value: '', label: t('everyone') },
          ...withChosen(choices.Staff, draft.staff).map((email) => ({ value: email, label: email })),
        ]}
      />
      <SelectField
        className="min-w-56 flex-1"
        label={t('actionFilter')}
        value={draft.action}
        onChange={(event) => setDraft({ ...draft, action: event.target.value })}
        options={[
          { value: '', label: t('everything') },
          ...withChosen(choices.Actions, draft.action).map((action) => ({ value: action, label: words.action(action) })),
        ]}
      />
      <TextField label={t('from')} type="date" value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
      <TextField label={t('to')} type="date" value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
      <div className="flex gap-2">
        <Button type="submit">{t('apply')}</Button>
        <Button variant="plain" onClick={clear}>
          {t('clear')}
        </Button>
      </div>
    </form>
  );
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const t = useTranslations('admin.audit');
  const { dateTime } = useDates();
  const words = useAuditWords();
  const changesOf = useChanges();
  return (
    <DataTable label={t('title')} caption={t('title')} columns={[{ label: t('whenWho') }, { label: t('what') }, { label: t('change') }]}>
      {entries.map((entry) => {
        const path = targetPath(entry);
        const name = entry.TargetName ?? t('gone');
        return (
          <tr key={entry.Key} data-testid="audit-entry">
            <td className={cells.text}>
              <span className="block whitespace-nowrap tabular-nums">{dateTime(entry.Date)}</span>
              <span className="block max-w-44 truncate text-xs text-slate-600" title={entry.StaffEmailAddress}>
                {entry.StaffEmailAddress}
              </span>
            </td>
            <td className={cells.text}>
              <span className="block font-medium">{words.action(entry.Action)}</span>
              {path ? (
                <Link
                  href={path}
                  className="block max-w-56 truncate text-sm text-brand-700 underline-offset-2 hover:underline"
                  title={name}
                >
                  {name}
                </Link>
              ) : (
                <span className="block max-w-56 truncate text-sm text-slate-600" title={name}>
                  {name}
                </span>
              )}
            </td>
            <td className={cells.text}>
              {/* relative: the words only screen readers get stay inside the table's box. */}
              <ul className="relative flex max-w-md min-w-52 flex-col gap-0.5 text-xs">
                {changesOf(entry).map((change) => (
                  <li key={change.field} className="wrap-anywhere">
                    <span className="font-semibold">{change.field}:</span>{' '}
                    {change.before === null || change.before === change.after ? (
                      (change.after ?? change.before)
                    ) : (
                      <>
                        {change.before} <span aria-hidden>→</span>
                        <span className="sr-only">{t('becomes')}</span> {change.after ?? t('none')}
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
