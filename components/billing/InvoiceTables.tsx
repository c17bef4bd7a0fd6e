import type { Invoice } from '@/lib/contract/billing';
import { cx } from '../ui/cx';
import { cells, DataTable } from './DataTable';

export interface InvoiceLinesTexts {
  lines: string;
  description: string;
  unitPrice: string;
  quantity: string;
  amount: string;
}

/**
 * An invoice's lines as the customer's invoice and the console both show them; on a phone the
 * unit price and quantity move under the description. Texts and money format come from the
 * screen, as the two read different namespaces.
 */
export function InvoiceLinesTable({
  lines,
  texts,
  formatMoney,
}: {
  lines: Invoice['LineItems'];
  texts: InvoiceLinesTexts;
  formatMoney: (cents: number) => string;
}) {
  return (
    <DataTable
      label={texts.lines}
      caption={texts.lines}
      columns={[
        { label: texts.description },
        { label: texts.unitPrice, numeric: true, wide: true },
        { label: texts.quantity, numeric: true, wide: true },
        { label: texts.amount, numeric: true },
      ]}
    >
      {lines.map((line, index) => (
        <tr key={`${line.Key}-${index}`}>
          <td className={cells.text}>
            {line.Description}
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

/** The table's texts from a namespace that names them alike. */
export const invoiceLinesTexts = (t: (key: keyof InvoiceLinesTexts) => string): InvoiceLinesTexts => ({
  lines: t('lines'),
  description: t('description'),
  unitPrice: t('unitPrice'),
  quantity: t('quantity'),
  amount: t('amount'),
});

export interface InvoicePaymentsTexts {
  payments: string;
  date: string;
  description: string;
  amount: string;
}

/** An invoice's payments and refunds; a refund takes money back off the invoice, so it shows as negative. */
export function InvoicePaymentsTable({
  payments,
  texts,
  formatMoney,
  formatDate,
}: {
  payments: Invoice['Payments'];
  texts: InvoicePaymentsTexts;
  formatMoney: (cents: number) => string;
  formatDate: (iso: string) => string;
}) {
  return (
    <DataTable
      label={texts.payments}
      caption={texts.payments}
      columns={[{ label: texts.date, wide: true }, { label: texts.description }, { label: texts.amount, numeric: true }]}
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
