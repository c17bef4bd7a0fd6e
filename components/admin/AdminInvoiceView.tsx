'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { InvoiceLinesTable, InvoicePaymentsTable } from '@/components/billing/InvoiceTables';
import { InvoiceStatusBadge } from '@/components/billing/status';
import { Button } from '@/components/ui/Button';
import { Link } from '@/i18n/navigation';
import { fetchAdminInvoice } from '@/lib/api/admin';
import type { AdminInvoice } from '@/lib/contract/admin';
import { invoiceStatus, refundedOf } from '@/lib/contract/presentation';
import { useAdminQuery } from './admin-queries';
import { AdminStatus, EmptyState, Facts, Panel, ScreenHeading, useDates, useMoney } from './parts';
import { adminPaths } from './paths';
import { RefundDialog } from './RefundDialog';
import { VoidDialog } from './VoidDialog';

/** Any customer's invoice as the console sees it: the summary, payments and refunds, Void and Refund. */
export function AdminInvoiceView({ id }: { id: string }) {
  const t = useTranslations('admin.invoice');
  const { state, retry } = useAdminQuery(['invoice', id], (signal) => fetchAdminInvoice(id, signal));
  if (state.status !== 'ready') {
    const back = { href: adminPaths.customers, label: t('backToCustomers') };
    return (
      <>
        <ScreenHeading title={t('title')} back={back} />
        <AdminStatus state={state} notFound={t('notFound')} back={back} onRetry={retry} />
      </>
    );
  }
  const data = state.data;
  return (
    <>
      <ScreenHeading
        title={t('heading', { number: data.Invoice.InvoiceNumber })}
        back={{ href: adminPaths.customer(data.CustomerKey), label: t('backToCustomer', { email: data.CustomerEmailAddress }) }}
      >
        <InvoiceActions data={data} />
      </ScreenHeading>
      <div className="flex flex-col gap-8">
        <Summary data={data} />
        <Lines data={data} />
        <Payments data={data} />
      </div>
    </>
  );
}

function InvoiceActions({ data }: { data: AdminInvoice }) {
  const t = useTranslations('admin.invoice');
  const [voiding, setVoiding] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const invoice = data.Invoice;
  return (
    <>
      {invoiceStatus(invoice) === 'unpaid' && (
        <Button variant="warn" onClick={() => setVoiding(true)}>
          {t('void')}
        </Button>
      )}
      <VoidDialog open={voiding} invoice={invoice} onClose={() => setVoiding(false)} />
      {data.Refundable > 0 && <Button onClick={() => setRefunding(true)}>{t('refund')}</Button>}
      <RefundDialog open={refunding} invoice={data} onClose={() => setRefunding(false)} onRefunded={() => setRefunding(false)} />
    </>
  );
}

function Summary({ data }: { data: AdminInvoice }) {
  const t = useTranslations('admin.invoice');
  const money = useMoney();
  const { date } = useDates();
  const invoice = data.Invoice;
  const refunded = refundedOf(invoice);
  return (
    <Panel title={t('summary')}>
      <Facts
        items={[
          { term: t('status'), value: <InvoiceStatusBadge invoice={invoice} /> },
          {
            term: t('customer'),
            value: (
              <Link href={adminPaths.customer(data.CustomerKey)} className="break-all text-brand-700 underline">
                {data.CustomerEmailAddress}
              </Link>
            ),
          },
          { term: t('created'), value: date(invoice.CreatedDate) },
          ...(invoice.FullyPaidDate ? [{ term: t('paid'), value: date(invoice.FullyPaidDate) }] : []),
          { term: t('version'), value: String(invoice.InvoiceVersion) },
          { term: t('subtotal'), value: money(invoice.SubTotalAmount) },
          { term: t('tax'), value: invoice.IsTaxExempt ? t('taxExempt') : money(invoice.TaxTotalAmount) },
          { term: t('total'), value: <strong>{money(invoice.TotalAmount)}</strong> },
          {
            term: t('amountDue'),
            value: invoice.IsVoid ? (
              <span className="font-semibold tracking-widest text-warn-700">{t('voidMark')}</span>
            ) : (
              money(invoice.TotalAmountDue)
            ),
          },
          ...(refunded > 0 ? [{ term: t('refunded'), value: <span data-testid="refunded-total">{money(refunded)}</span> }] : []),
          { term: t('refundable'), value: <span data-testid="refundable">{money(data.Refundable)}</span> },
          ...(data.Provider ? [{ term: t('provider'), value: data.Provider }] : []),
        ]}
      />
    </Panel>
  );
}

function Lines({ data }: { data: AdminInvoice }) {
  const t = useTranslations('admin.invoice');
  const money = useMoney();
  return (
    <Panel title={t('lines')}>
      <InvoiceLinesTable lines={data.Invoice.LineItems} t={t} formatMoney={money} />
    </Panel>
  );
}

function Payments({ data }: { data: AdminInvoice }) {
  const t = useTranslations('admin.invoice');
  const money = useMoney();
  const { dateTime } = useDates();
  const payments = data.Invoice.Payments;
  return (
    <Panel title={t('payments')}>
      {payments.length === 0 ? (
        <EmptyState>{t('noPayments')}</EmptyState>
      ) : (
        <InvoicePaymentsTable payments={payments} t={t} formatMoney={money} formatDate={dateTime} />
      )}
    </Panel>
  );
}
