'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { buttonClass } from '@/components/ui/button-class';
import { SelectField } from '@/components/ui/SelectField';
import { TextField } from '@/components/ui/TextField';
import { Link, useRouter } from '@/i18n/navigation';
import { fetchOffers, listSearch } from '@/lib/api/admin';
import type { ListPage } from '@/lib/contract/admin-lists';
import { isAppLocale } from '@/i18n/routing';
import { limits } from '@/lib/contract/limits';
import { useAdminQuery } from './admin-queries';
import { listKey, listQuery, type ListFilters } from './list-filters';
import { AdminStatus, EmptyState, ScreenHeading } from './parts';

interface ListScreenProps<Row> {
  title: string;
  /** The list's address in the console. */
  path: string;
  filters: ListFilters;
  statusParam?: 'status' | 'kind';
  statusLabel: string;
  anyStatus: string;
  statuses: { value: string; label: string }[];
  /** Whether the list filters by an offer. */
  byProduct?: boolean;
  empty: string;
  queryKey: string;
  load(signal: AbortSignal): Promise<ListPage<Row>>;
  children(rows: Row[]): ReactNode;
}

/**
 * A console list: its filters (kept in the address, so a list can be linked and Back returns
 * to the filters before), the page the server sends, and links to the pages either side.
 */
export function ListScreen<Row>(props: ListScreenProps<Row>) {
  const { title, path, filters, statusParam = 'status' } = props;
  const t = useTranslations('admin.lists');
  const router = useRouter();
  const [typed, setTyped] = useState(filters);
  const { state, retry } = useAdminQuery([props.queryKey, listKey(filters)], props.load);
  const hrefOf = (next: ListFilters) => {
    const search = listSearch(listQuery(next, statusParam));
    return search ? `${path}?${search}` : path;
  };
  const filtered = Boolean(filters.q || filters.status || filters.from || filters.to || filters.offer);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    router.push(hrefOf({ ...typed, q: typed.q.trim(), page: 1 }), { scroll: false });
  };
  const field = (name: keyof Omit<ListFilters, 'page'>) => ({
    name,
    value: typed[name],
    onChange: (event: { target: { value: string } }) => setTyped((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <>
      <ScreenHeading title={title} />
      <form role="search" aria-label={t('filters')} onSubmit={onSubmit} className="mb-6 flex flex-wrap items-end gap-3">
        <TextField label={t('search')} type="search" maxLength={limits.email} className="min-w-0 flex-1 basis-56" {...field('q')} />
        <SelectField
          label={props.statusLabel}
          placeholder={props.anyStatus}
          options={props.statuses}
          className="basis-44"
          {...field('status')}
        />
        <TextField label={t('from')} type="date" className="basis-40" {...field('from')} />
        <TextField label={t('to')} type="date" className="basis-40" {...field('to')} />
        {props.byProduct !== false && <ProductField {...field('offer')} />}
        <div className="flex gap-2">
          <Button type="submit">{t('apply')}</Button>
          {filtered && (
            <Link href={path} className={buttonClass('plain')}>
              {t('clear')}
            </Link>
          )}
        </div>
      </form>
      {state.status !== 'ready' ? (
        // The server refuses filters it does not know (400), which the console reads as "not found".
        <AdminStatus state={state} notFound={t('badFilters')} back={{ href: path, label: t('clear') }} onRetry={retry} />
      ) : (
        <div className="flex flex-col gap-4">
          {state.data.Rows.length === 0 ? (
            <EmptyState>{filtered || filters.page > 1 ? t('noMatch') : props.empty}</EmptyState>
          ) : (
            props.children(state.data.Rows)
          )}
          <Pager page={filters.page} hasMore={state.data.HasMore} hrefOf={(page) => hrefOf({ ...filters, page })} />
        </div>
      )}
    </>
  );
}

/** The offers to filter by, retired ones too (old invoices bill them), in the reader's language. */
function ProductField(props: { name: string; value: string; onChange(event: { target: { value: string } }): void }) {
  const t = useTranslations('admin.lists');
  const locale = useLocale();
  const language = isAppLocale(locale) ? locale : 'en';
  const { state } = useAdminQuery(['offers'], fetchOffers);
  const offers = state.status === 'ready' ? state.data : [];
  return (
    <SelectField
      label={t('product')}
      placeholder={t('anyProduct')}
      options={offers.map((offer) => ({ value: offer.Key, label: offer.Description[language] }))}
      className="basis-56"
      {...props}
    />
  );
}

/** Links to the pages either side of this one, so Back returns to the page before. */
export function Pager({ page, hasMore, hrefOf }: { page: number; hasMore: boolean; hrefOf(page: number): string }) {
  const t = useTranslations('admin.lists');
  if (page === 1 && !hasMore) return null;
  return (
    <nav aria-label={t('pages')} className="flex flex-wrap items-center gap-3 text-sm">
      {page > 1 && (
        <Link href={hrefOf(page - 1)} className={buttonClass('plain')} scroll={false}>
          <span aria-hidden>←</span> {t('previous')}
        </Link>
      )}
      <span aria-current="page" className="text-slate-700">
        {t('page', { page })}
      </span>
      {hasMore && (
        <Link href={hrefOf(page + 1)} className={buttonClass('plain')} scroll={false}>
          {t('next')} <span aria-hidden>→</span>
        </Link>
      )}
    </nav>
  );
}
