'use client';

import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useRouter } from '@/i18n/navigation';
import { fetchCardOnFile, fetchInvoices, fetchSubscriptions } from '@/lib/api/billing';
import { isProduction } from '@/lib/config';
import type { Invoice, Subscription } from '@/lib/contract/billing';
import { formatInvoiceDate, formatUsd, invoiceStatus } from '@/lib/contract/presentation';
import { INVOICE_ID_PARAM, invoicePath, payInvoicePath, SUBSCRIPTION_ID_PARAM, subscriptionPath } from '@/lib/portal-paths';
import { cx } from '../ui/cx';
import { CardOnFileSection, cardQueryKey } from './CardOnFile';
import { cells, DataTable } from './DataTable';
import { textLinkClass as linkClass } from './links';
import { LoadingState, PortalStatus } from './PortalStatus';
import { InvoiceStatusBadge, RenewalText, SubscriptionName, SubscriptionStateBadge } from './status';
import { usePortalQuery } from './use-portal-query';

/** The billing page's client island (docs/product/billing.md#billing-page). */
export function BillingOverview() {
  // Reading the query needs a Suspense boundary on a statically rendered page.
  return (
    <Suspense fallback={<LoadingState />}>
      <QueryRedirect />
    </Suspense>
  );
}

/** ?invoice_id= and ?subscription_id= open that invoice or subscription (docs/product/billing.md#billing-page). */
function QueryRedirect() {
  const t = useTranslations('billing');
  const router = useRouter();
  const query = useSearchParams();
  const invoiceId = query?.get(INVOICE_ID_PARAM);
  const subscriptionId = query?.get(SUBSCRIPTION_ID_PARAM);
  const target = invoiceId ? invoicePath(invoiceId) : subscriptionId ? subscriptionPath(subscriptionId) : null;
  useEffect(() => {
    if (target) router.replace(target);
  }, [target, router]);
  return target ? <LoadingState label={t('redirecting')} /> : <BillingTables />;
}

function BillingTables() {
  const { state, retry } = usePortalQuery(['overview'], async (signal) => {
    const [subscriptions, invoices] = await Promise.all([fetchSubscriptions(signal), fetchInvoices(signal)]);
    return { subscriptions, invoices };
  });
  // Loaded beside the tables and awaited with them: arriving later, the card would move the invoices down.
  const card = usePortalQuery(cardQueryKey, fetchCardOnFile);
  // Its first answer only: a retry of the card alone keeps the page and loads inside its section
  // (set while rendering: React's way to follow a change).
  const [cardAnswered, setCardAnswered] = useState(false);
  if (card.state.status !== 'loading' && !cardAnswered) setCardAnswered(true);
  if (state.status !== 'ready') return <PortalStatus state={state} onRetry={retry} />;
  if (!cardAnswered) return <LoadingState />;
  return (
    <div className="flex flex-col gap-10">
      <SubscriptionsSection subscriptions={state.data.subscriptions} />
      <CardOnFileSection state={card.state} retry={card.retry} />
      {/* An open checkout's invoice is an order not placed, not a bill (docs/product/billing.md#billing-page). */}
      <InvoicesSection invoices={state.data.invoices.filter((invoice) => !invoice.IsOpenCheckout)} />
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function EmptyState({ title, hint, action }: { title: string; hint: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-start gap-2 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-6">
      <p className="font-semibold text-slate-900">{title}</p>
      <p className="text-sm text-slate-700">{hint}</p>
      {action && <p className="text-sm">{action}</p>}
    </div>
  );
}

function SubscriptionsSection({ subscriptions }: { subscriptions: Subscription[] }) {
  const t = useTranslations('billing.overview.subscriptions');
  return (
    <Section title={t('title')}>
      {subscriptions.length === 0 ? (
        <EmptyState title={t('empty')} hint={t('emptyHint')} />
      ) : (
        <DataTable
          label={t('title')}
          caption={t('caption')}
          columns={[
            { label: t('description') },
            { label: t('state') },
            { label: t('effective'), wide: true },
            { label: t('expiration'), wide: true },
            { label: t('nextRenewal') },
          ]}
        >
          {subscriptions.map((subscription) => (
            <tr key={subscription.Key} data-testid="subscription-row">
              <th scope="row" className={cells.text}>
                <Link href={subscriptionPath(subscription.Key)} className={linkClass}>
                  <SubscriptionName subscription={subscription} />
                </Link>
                <span className={cells.phoneOnly}>
                  {formatInvoiceDate(subscription.EffectiveDate)} – {formatInvoiceDate(subscription.ExpirationDate)}
                </span>
              </th>
              <td className={cells.text}>
                <SubscriptionStateBadge subscription={subscription} />
              </td>
              <td className={cx(cells.date, cells.wide)}>{formatInvoiceDate(subscription.EffectiveDate)}</td>
              <td className={cx(cells.date, cells.wide)}>{formatInvoiceDate(subscription.ExpirationDate)}</td>
              <td className={cells.date}>
                <RenewalText subscription={subscription} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </Section>
  );
}

function InvoicesSection({ invoices }: { invoices: Invoice[] }) {
  const t = useTranslations('billing.overview.invoices');
  const invoiceTexts = useTranslations('billing.invoice');
  return (
    <Section title={t('title')}>
      {invoices.length === 0 ? (
        <EmptyState
          title={t('empty')}
          hint={t('emptyHint')}
          // Pricing is hidden in production, so is the way there (docs/product/pages.md#the-production-flag).
          action={
            !isProduction && (
              <Link href="/store/pricing" className={linkClass}>
                {t('browse')}
              </Link>
            )
          }
        />
      ) : (
        <DataTable
          label={t('title')}
          caption={t('caption')}
          columns={[{ label: t('number') }, { label: t('date'), wide: true }, { label: t('total'), numeric: true }, { label: t('status') }]}
        >
          {invoices.map((invoice) => (
            <tr key={invoice.Key} data-testid="invoice-row">
              <th scope="row" className={cells.text}>
                <Link href={invoicePath(invoice.Key)} className={cx(linkClass, 'whitespace-nowrap tabular-nums')}>
                  {invoice.InvoiceNumber}
                </Link>
                <span className={cells.phoneOnly}>{formatInvoiceDate(invoice.CreatedDate)}</span>
              </th>
              <td className={cx(cells.date, cells.wide)}>{formatInvoiceDate(invoice.CreatedDate)}</td>
              <td className={cells.amount}>{formatUsd(invoice.TotalAmount)}</td>
              <td className={cells.text}>
                <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <InvoiceStatusBadge invoice={invoice} />
                  {invoiceStatus(invoice) === 'unpaid' && (
                    <Link href={payInvoicePath(invoice.Key)} className={cx(linkClass, 'whitespace-nowrap')}>
                      {invoiceTexts('payNow')}
                      <span className="sr-only"> {invoice.InvoiceNumber}</span>
                    </Link>
                  )}
                </span>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <p className="text-sm text-slate-700">
        {t.rich('businessDetails', {
          cart: (chunks) => (
            <Link href="/store/cart" className={linkClass}>
              {chunks}
            </Link>
          ),
        })}
      </p>
    </Section>
  );
}
