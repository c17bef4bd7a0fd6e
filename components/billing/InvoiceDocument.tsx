'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, type ReactNode } from 'react';
import { brand } from '@/lib/config';
import type { Invoice } from '@/lib/contract/billing';
import { formatInvoiceDate, formatUsd, taxRateValues } from '@/lib/contract/presentation';
import { cx } from '../ui/cx';
import { InvoiceCredits } from './InvoiceCredits';
import { InvoiceLinesTable, InvoicePaymentsTable } from './InvoiceTables';
import { InvoiceStatusBadge } from './status';

/** The invoice itself (docs/product/billing.md#invoice-page), laid out as the paper it stands for. */
export function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const t = useTranslations('billing.invoice');
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-8 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-8 print:border-0 print:p-0 print:shadow-none"
    >
      <header className="flex flex-col gap-6 sm:flex-row sm:justify-between">
        <div className="flex flex-col gap-1">
          <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{t('from')}</p>
          <p className="text-lg font-bold text-brand-900">{brand.company}</p>
          <address className="text-sm text-slate-700 not-italic">
            {brand.street}
            <br />
            {brand.city}, {brand.regionCode} {brand.postalCode}
            <br />
            {t('companyCountry')}
            <br />
            {brand.supportEmail}
          </address>
        </div>
        <div className="flex flex-col gap-2 sm:items-end sm:text-right">
          <h2 id={headingId} className="text-2xl font-bold text-slate-900 tabular-nums">
            {t('number', { number: invoice.InvoiceNumber })}
          </h2>
          <p className="text-sm text-slate-700">{t('version', { version: invoice.InvoiceVersion })}</p>
          <span className="self-start sm:self-end">
            <InvoiceStatusBadge invoice={invoice} />
          </span>
          <dl className="mt-1 grid grid-cols-[auto_auto] gap-x-4 gap-y-1 text-sm sm:justify-end">
            <dt className="text-slate-600">{t('invoiceDate')}</dt>
            <dd className="tabular-nums">{formatInvoiceDate(invoice.CreatedDate)}</dd>
            {invoice.FullyPaidDate && (
              <>
                <dt className="text-slate-600">{t('paidDate')}</dt>
                <dd data-testid="paid-date" className="tabular-nums">
                  {formatInvoiceDate(invoice.FullyPaidDate)}
                </dd>
              </>
            )}
          </dl>
        </div>
      </header>

      <BillTo invoice={invoice} />

      <div className="flex flex-col gap-4">
        <InvoiceLinesTable lines={invoice.LineItems} t={t} formatMoney={formatUsd} />
        <Totals invoice={invoice} />
      </div>

      <Payments invoice={invoice} />

      <InvoiceCredits credits={invoice.Credits} />

      {invoice.BillingNotes && (
        <section className="flex flex-col gap-1">
          <h3 className="text-sm font-semibold text-slate-900">{t('notes')}</h3>
          <p className="text-sm whitespace-pre-line text-slate-700">{invoice.BillingNotes}</p>
        </section>
      )}
    </article>
  );
}

function BillTo({ invoice }: { invoice: Invoice }) {
  const t = useTranslations('billing.invoice');
  // US addresses name the state; elsewhere the server keeps the region as entered.
  const region = invoice.BillingStateName ?? invoice.BillingStateCode;
  const cityLine = [invoice.BillingCity, [region, invoice.BillingPostalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const lines = [
    invoice.BillingCompanyName,
    invoice.BillingName,
    invoice.BillingAddress1,
    invoice.BillingAddress2,
    cityLine,
    invoice.BillingCountryName ?? invoice.BillingCountryCode,
  ];
  return (
    <section className="flex flex-col gap-1" data-testid="bill-to">
      <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{t('billTo')}</h3>
      <address className="text-sm text-slate-800 not-italic">
        {lines.filter(Boolean).map((line, index) => (
          <span key={index} className={cx('block', index === 0 && 'font-semibold text-slate-900')}>
            {line}
          </span>
        ))}
        <span className="block">{invoice.BillingEmailAddress}</span>
      </address>
      <BusinessReferences invoice={invoice} />
    </section>
  );
}

/** A business purchase's tax ID and purchase order, under the address they belong with. */
function BusinessReferences({ invoice }: { invoice: Invoice }) {
  const t = useTranslations('billing.invoice');
  const references = [
    { label: t('taxId'), value: invoice.BillingTaxId },
    { label: t('purchaseOrder'), value: invoice.PurchaseOrder },
  ].filter((reference) => reference.value);
  if (!references.length) return null;
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-800" data-testid="business-references">
      {references.map((reference) => (
        <div key={reference.label} className="contents">
          <dt className="text-slate-600">{reference.label}</dt>
          <dd>{reference.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function TotalRow({ label, children, strong = false, testId }: { label: string; children: ReactNode; strong?: boolean; testId?: string }) {
  return (
    <div className={cx('flex justify-between gap-6 py-1.5', strong && 'border-t border-slate-300 pt-2 text-base font-bold text-slate-900')}>
      <dt>{label}</dt>
      <dd data-testid={testId} className="tabular-nums">
        {children}
      </dd>
    </div>
  );
}

/** A void invoice shows VOID instead of the amount due (docs/product/billing.md#invoice-status). */
function Totals({ invoice }: { invoice: Invoice }) {
  const t = useTranslations('billing.invoice');
  const rate = taxRateValues(invoice, useLocale());
  return (
    <dl className="ml-auto w-full text-sm text-slate-800 sm:max-w-xs">
      <TotalRow label={t('subtotal')}>{formatUsd(invoice.SubTotalAmount)}</TotalRow>
      <TotalRow label={rate ? t('taxRate', rate) : t('tax')} testId="tax">
        {invoice.IsTaxExempt ? t('taxExempt') : formatUsd(invoice.TaxTotalAmount)}
      </TotalRow>
      <TotalRow label={t('total')}>{formatUsd(invoice.TotalAmount)}</TotalRow>
      <TotalRow label={t('amountDue')} strong testId="amount-due">
        {invoice.IsVoid ? <span className="tracking-widest text-warn-700">{t('void')}</span> : formatUsd(invoice.TotalAmountDue)}
      </TotalRow>
    </dl>
  );
}

/** The money taken; what was given back is listed with the credits. */
function Payments({ invoice }: { invoice: Invoice }) {
  const t = useTranslations('billing.invoice');
  const headingId = useId();
  const payments = invoice.Payments.filter((payment) => payment.IsPayment);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {t('payments')}
      </h3>
      {payments.length === 0 ? (
        <p className="text-sm text-slate-700">{t('noPayments')}</p>
      ) : (
        <InvoicePaymentsTable payments={payments} t={t} formatMoney={formatUsd} formatDate={formatInvoiceDate} />
      )}
    </section>
  );
}
