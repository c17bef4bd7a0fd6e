import type { Invoice } from '@/lib/contract/billing';
import { cx } from '../ui/cx';
import { cells, DataTable } from './DataTable';

/*
 * The customer's invoice and the console's show an invoice's lines and payments alike. Each
 * passes its own translator (the two namespaces name these texts alike) and formats.
 */

/** An invoice's lines; on a phone the unit price and quantity move under the description. */
export function InvoiceLinesTable({
  lines,
  t,
  formatMoney,
}: {
  lines: Invoice['LineItems'];
  t: (key: 'lines' | 'description' | 'unitPrice' | 'quantity' | 'amount' | 'licenseKey') => string;
  formatMoney: (cents: number) => string;
}) {
  return (
    <DataTable
      label={t('lines')}
      caption={t('lines')}
      columns={[
        { label: t('description') },
        { label: t('unitPrice'), numeric: true, wide: true },
        { label: t('quantity'), numeric: true, wide: true },
        { label: t('amount'), numeric: true },
      ]}
    >
      {lines.map((line, index) => (
        <tr key={`${line.Key}-${index}`}>
          <td className={cells.text}>
            {line.Description}
            {line.AvailableLicenseKey && (
              <span className="mt-1 block text-xs font-normal text-slate-600">
                {t('licenseKey')}: <span className="font-mono text-slate-800 select-all">{line.AvailableLicenseKey}</span>
              </span>
            )}
            <span className={cells.phoneOnly}>
              {line.Quantity} × {formatMoney(line.UnitAmount)}
            </span>
          </td>
          <td className={cx(cells.amount, cells.wide)}>{formatMoney(line.UnitAmount)}</td>
          <td className={cx(cells.amount, cells.wide)}>{line.Quantity}</td>
          <td className={cells.amount}>{formatMoney(line.SubTotalAmount)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** An invoice's payments and refunds; a refund takes money back off the invoice, so it shows as negative. */
export function InvoicePaymentsTable({
  payments,
  t,
  formatMoney,
  formatDate,
}: {
  payments: Invoice['Payments'];
  t: (key: 'payments' | 'paymentDate' | 'description' | 'amount') => string;
  formatMoney: (cents: number) => string;
  formatDate: (iso: string) => string;
}) {
  return (
    <DataTable
      label={t('payments')}
      caption={t('payments')}
      columns={[{ label: t('paymentDate'), wide: true }, { label: t('description') }, { label: t('amount'), numeric: true }]}
    >
      {payments.map((payment, index) => (
        <tr key={index} data-testid={payment.IsPayment ? 'payment' : 'refund'}>
          <td className={cx(cells.date, cells.wide)}>{formatDate(payment.DateTime)}</td>
          <td className={cells.text}>
            {payment.Description}
            <span className={cells.phoneOnly}>{formatDate(payment.DateTime)}</span>
          </td>
          <td className={cells.amount}>{formatMoney(payment.IsPayment ? payment.Amount : -payment.Amount)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
