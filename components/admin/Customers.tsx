'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { cells, DataTable } from '@/components/billing/DataTable';
import { Button } from '@/components/ui/Button';
import { cx } from '@/components/ui/cx';
import { TextField } from '@/components/ui/TextField';
import { Link, useRouter } from '@/i18n/navigation';
import { searchCustomers } from '@/lib/api/admin';
import type { CustomerRow } from '@/lib/contract/admin';
import { limits } from '@/lib/contract/limits';
import { useAdminQuery } from './admin-queries';
import { Badge } from '@/components/billing/status';
import { AdminStatus, EmptyState, ScreenHeading, useDates } from './parts';
import { adminPaths } from './paths';

/** A customer's account state: suspended, deletion due, or staff. */
export function CustomerBadges({ customer }: { customer: CustomerRow }) {
  const t = useTranslations('admin.customers');
  return (
    <span className="flex flex-wrap gap-1">
      {customer.SuspendedDate && (
        <Badge tone="bad" testId="customer-suspended">
          {t('suspended')}
        </Badge>
      )}
      {customer.DeletionDueDate && <Badge tone="wait">{t('deletionDue')}</Badge>}
      {customer.Role && <Badge tone="info">{t(`role.${customer.Role}`)}</Badge>}
    </span>
  );
}

/** Customers by email or name; the search is kept in the address. An empty search lists the newest. */
export function Customers({ initialQuery = '' }: { initialQuery?: string }) {
  const t = useTranslations('admin.customers');
  const router = useRouter();
  const [typed, setTyped] = useState(initialQuery);
  const [query, setQuery] = useState(initialQuery);
  const { state, retry } = useAdminQuery(['customers', query], (signal) => searchCustomers(query, signal));
  const { date } = useDates();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = typed.trim();
    setQuery(next);
    router.replace(next ? `${adminPaths.customers}?q=${encodeURIComponent(next)}` : adminPaths.customers, { scroll: false });
  };

  return (
    <>
      <ScreenHeading title={t('title')} />
      <form role="search" onSubmit={onSubmit} className="mb-6 flex flex-wrap items-end gap-3">
        <TextField
          label={t('searchLabel')}
          type="search"
          name="q"
          value={typed}
          maxLength={limits.email}
          onChange={(event) => setTyped(event.target.value)}
          className="min-w-0 flex-1 sm:max-w-md"
        />
        <Button type="submit">{t('search')}</Button>
      </form>
      {state.status !== 'ready' ? (
        <AdminStatus state={state} onRetry={retry} />
      ) : state.data.length === 0 ? (
        <EmptyState>{query ? t('noMatch', { query }) : t('none')}</EmptyState>
      ) : (
        <DataTable
          label={t('results')}
          caption={query ? t('resultsFor', { query }) : t('results')}
          columns={[{ label: t('customer') }, { label: t('since'), wide: true }, { label: t('state') }]}
        >
          {state.data.map((customer) => (
            <tr key={customer.Key}>
              <td className={cells.text}>
                <Link
                  href={adminPaths.customer(customer.Key)}
                  className="font-medium break-all text-brand-700 underline-offset-2 hover:underline"
                >
                  {customer.EmailAddress}
                </Link>
                {customer.DisplayName && <span className="block text-xs text-slate-600">{customer.DisplayName}</span>}
                <span className={cells.phoneOnly}>{date(customer.CreatedDate)}</span>
              </td>
              <td className={cx(cells.date, cells.wide)}>{date(customer.CreatedDate)}</td>
              <td className={cells.text}>
                <CustomerBadges customer={customer} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
