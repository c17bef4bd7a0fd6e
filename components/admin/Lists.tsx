'use client';

import { useTranslations } from 'next-intl';
import { cells, DataTable } from '@/components/billing/DataTable';
import { Badge, type Tone } from '@/components/billing/status';
import { cx } from '@/components/ui/cx';
import { Link } from '@/i18n/navigation';
import { fetchInvoiceList, fetchPaymentList, fetchSubscriptionList } from '@/lib/api/admin';
import {
  InvoiceListStatusSchema,
  PaymentKindSchema,
  SubscriptionListStatusSchema,
  type InvoiceListStatus,
  type SubscriptionListStatus,
} from '@/lib/contract/admin-lists';
import { listQuery, type ListFilters } from './list-filters';
import { ListScreen } from './ListScreen';
import { useDates, useMoney } from './parts';
import { adminPaths } from './paths';

const linkClass = 'font-medium text-brand-700 underline-offset-2 hover:underline';

/** The invoice a row is about, linked to its page in the console. */
export function InvoiceLink({ row }: { row: { InvoiceKey: string; InvoiceNumber: string } }) {
  return (
    <Link href={adminPaths.invoice(row.InvoiceKey)} className={cx(linkClass, 'whitespace-nowrap tabular-nums')}>
      {row.InvoiceNumber}
    </Link>
  );
}

/** Whose row it is: the account (linked to the customer's page) and the name it was billed to. */
export function CustomerCell({ row }: { row: { CustomerKey: string; CustomerEmailAddress: string; BillingName: string } }) {
  return (
    <td className={cells.text}>
      {/* An address never breaks mid-word: cut short, whole in its tooltip. */}
      <Link
        href={adminPaths.customer(row.CustomerKey)}
        className={cx(linkClass, 'block max-w-56 truncate')}
        title={row.CustomerEmailAddress}
      >
        {row.CustomerEmailAddress}
      </Link>
      <span className="block text-xs text-slate-600">{row.BillingName}</span>
    </td>
  );
}

const invoiceTones: Record<InvoiceListStatus, Tone> = {
  paid: 'good',
  unpaid: 'wait',
  void: 'muted',
  refunded: 'muted',
  'partially-refunded': 'info',
};

export function InvoiceList({ filters }: { filters: ListFilters }) {
  const t = useTranslations('admin.lists');
  const { date } = useDates();
  const money = useMoney();
  return (
    <ListScreen
      title={t('invoices.title')}
      path={adminPaths.invoices}
      filters={filters}
      statusLabel={t('status')}
      anyStatus={t('anyStatus')}
      statuses={InvoiceListStatusSchema.options.map((value) => ({ value, label: t(`invoiceStatus.${value}`) }))}
      empty={t('invoices.empty')}
      queryKey="invoice-list"
      load={(signal) => fetchInvoiceList(listQuery(filters), signal)}
    >
      {(rows) => (
        <DataTable
          label={t('invoices.title')}
          caption={t('invoices.title')}
          columns={[
            { label: t('invoice') },
            { label: t('customer') },
            { label: t('products'), wide: true },
            { label: t('status') },
            { label: t('amount'), numeric: true },
          ]}
        >
          {rows.map((row) => (
            <tr key={row.InvoiceKey} data-testid="invoice-row">
              <td className={cells.text}>
                <InvoiceLink row={row} />
                <span className="block text-xs whitespace-nowrap text-slate-600 tabular-nums">{date(row.CreatedDate)}</span>
              </td>
              <CustomerCell row={row} />
              <td className={cx(cells.text, cells.wide)}>{row.Products.join(', ')}</td>
              <td className={cells.text}>
                <Badge tone={invoiceTones[row.Status]}>{t(`invoiceStatus.${row.Status}`)}</Badge>
              </td>
              <td className={cells.amount}>
                {money(row.Total)}
                {row.Refunded > 0 && <span className="block text-xs text-slate-600">{t('refunded', { amount: money(row.Refunded) })}</span>}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </ListScreen>
  );
}

export function PaymentList({ filters }: { filters: ListFilters }) {
  const t = useTranslations('admin.lists');
  const { date } = useDates();
  const money = useMoney();
  return (
    <ListScreen
      title={t('payments.title')}
      path={adminPaths.payments}
      filters={filters}
      statusParam="kind"
      statusLabel={t('kind')}
      anyStatus={t('anyKind')}
      statuses={PaymentKindSchema.options.map((value) => ({ value, label: t(`paymentKind.${value}`) }))}
      empty={t('payments.empty')}
      queryKey="payment-list"
      load={(signal) => fetchPaymentList(listQuery(filters, 'kind'), signal)}
    >
      {(rows) => (
        <DataTable
          label={t('payments.title')}
          caption={t('payments.title')}
          columns={[
            { label: t('date') },
            { label: t('kind') },
            { label: t('invoice') },
            { label: t('customer') },
            { label: t('description'), wide: true },
            { label: t('amount'), numeric: true },
          ]}
        >
          {rows.map((row) => (
            <tr key={row.Key} data-testid="payment-row">
              <td className={cells.date}>{date(row.Date)}</td>
              <td className={cells.text}>
                <Badge tone={row.Kind === 'payment' ? 'good' : 'info'}>{t(`paymentKind.${row.Kind}`)}</Badge>
              </td>
              <td className={cells.text}>
                <InvoiceLink row={row} />
              </td>
              <CustomerCell row={row} />
              <td className={cx(cells.text, cells.wide)}>
                {row.Description}
                <span className="block text-xs text-slate-600">{t(`provider.${row.Provider === 'stripe' ? 'stripe' : 'manual'}`)}</span>
              </td>
              <td className={cells.amount}>{row.Kind === 'refund' ? `−${money(row.Amount)}` : money(row.Amount)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </ListScreen>
  );
}

const subscriptionTones: Record<SubscriptionListStatus, Tone> = {
  active: 'good',
  cancelled: 'wait',
  'renewal-failed': 'bad',
  expired: 'muted',
};

export function SubscriptionList({ filters }: { filters: ListFilters }) {
  const t = useTranslations('admin.lists');
  const { date } = useDates();
  return (
    <ListScreen
      title={t('subscriptions.title')}
      path={adminPaths.subscriptions}
      filters={filters}
      statusLabel={t('status')}
      anyStatus={t('anyStatus')}
      statuses={SubscriptionListStatusSchema.options.map((value) => ({ value, label: t(`subscriptionStatus.${value}`) }))}
      empty={t('subscriptions.empty')}
      queryKey="subscription-list"
      load={(signal) => fetchSubscriptionList(listQuery(filters), signal)}
    >
      {(rows) => (
        <DataTable
          label={t('subscriptions.title')}
          caption={t('subscriptions.title')}
          columns={[
            { label: t('product') },
            { label: t('customer') },
            { label: t('invoice'), wide: true },
            { label: t('period') },
            { label: t('status') },
          ]}
        >
          {rows.map((row) => (
            <tr key={row.Key} data-testid="subscription-row">
              <td className={cells.text}>
                {row.Quantity > 1 ? t('quantity', { product: row.Product, quantity: row.Quantity }) : row.Product}
                <span className={cells.phoneOnly}>
                  <InvoiceLink row={row} />
                </span>
              </td>
              <CustomerCell row={row} />
              <td className={cx(cells.text, cells.wide)}>
                <InvoiceLink row={row} />
              </td>
              <td className={cells.date}>
                {t('periodDates', { from: date(row.StartDate), to: date(row.EndDate) })}
                {row.NextRenewalDate && (
                  <span className="block text-xs text-slate-600">{t('renews', { date: date(row.NextRenewalDate) })}</span>
                )}
              </td>
              <td className={cells.text}>
                <Badge tone={subscriptionTones[row.Status]}>{t(`subscriptionStatus.${row.Status}`)}</Badge>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </ListScreen>
  );
}
