'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import type { Invoice } from '@/lib/contract/billing';
import { formatInvoiceDate, formatUsd } from '@/lib/contract/presentation';
import { cells, DataTable } from './DataTable';
import { cx } from '../ui/cx';

/**
 * What the invoice no longer asks or keeps (docs/product/billing.md#credits): the void and each
 * refund, with its date and reason, as negative amounts. Nothing shows while there is none.
 */
export function InvoiceCredits({ credits }: { credits: Invoice['Credits'] }) {
  const t = useTranslations('billing.invoice');
  const headingId = useId();
  if (!credits.length) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {t('credits')}
      </h3>
      <DataTable
        label={t('credits')}
        caption={t('credits')}
        columns={[{ label: t('paymentDate'), wide: true }, { label: t('description') }, { label: t('amount'), numeric: true }]}
      >
        {credits.map((credit, index) => (
          <tr key={index} data-testid={`credit-${credit.Kind}`}>
            <td className={cx(cells.date, cells.wide)}>{formatInvoiceDate(credit.DateTime)}</td>
            <td className={cells.text}>
              <span className="font-medium text-slate-900">{credit.Kind === 'void' ? t('creditVoid') : t('creditRefund')}</span>
              {credit.Reason && <span className="block text-slate-700">{t('creditReason', { reason: credit.Reason })}</span>}
              <span className={cells.phoneOnly}>{formatInvoiceDate(credit.DateTime)}</span>
            </td>
            <td className={cells.amount}>{formatUsd(-credit.Amount)}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
