'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId } from 'react';
import { Link } from '@/i18n/navigation';
import type { Invoice } from '@/lib/contract/billing';
import { formatUsd, taxRateValues } from '@/lib/contract/presentation';
import type { CartModel, ServiceOffer } from '@/lib/contract/store';
import { InvoiceLinesTable } from '../billing/InvoiceTables';

type OrderTotals = Pick<
  CartModel,
  'SubTotalAmount' | 'TaxTotalAmount' | 'TotalAmount' | 'IsTaxExempt' | 'TaxRateBasisPoints' | 'BillingStateCode' | 'BillingCountryCode'
>;

/** The cart's lines as an invoice prints them, described as the catalog sells them. */
export function cartOrderLines(cart: CartModel, offers: ServiceOffer[]): Invoice['LineItems'] {
  const byKey = new Map(offers.map((offer) => [offer.Key, offer]));
  return cart.LineItems.map((line) => ({
    ...line,
    Description: byKey.get(line.Key)?.Description ?? line.Key,
    UnitAmount: byKey.get(line.Key)?.Price ?? Math.round(line.SubTotalAmount / Math.max(line.Quantity, 1)),
  }));
}

/** What is being paid (docs/product/store.md#checkout): the lines, the tax with its rate, the total and what is due; the cart is one link away. */
export function CheckoutOrder({
  lines,
  totals,
  amountDue,
  cartLink,
}: {
  lines: Invoice['LineItems'];
  totals: OrderTotals;
  amountDue: number;
  cartLink: boolean;
}) {
  const t = useTranslations('store.checkout');
  const tInvoice = useTranslations('billing.invoice');
  const rate = taxRateValues(totals, useLocale());
  const headingId = useId();
  const row = 'flex justify-between gap-6 py-1';
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 px-5 py-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t('orderTitle')}
        </h2>
        {cartLink && (
          <Link href="/store/cart" className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
            {t('backToCart')}
          </Link>
        )}
      </div>
      <InvoiceLinesTable lines={lines} t={tInvoice} formatMoney={formatUsd} />
      <dl className="ml-auto w-full text-sm text-slate-800 sm:max-w-xs">
        <div className={row}>
          <dt>{tInvoice('subtotal')}</dt>
          <dd className="tabular-nums">{formatUsd(totals.SubTotalAmount)}</dd>
        </div>
        <div className={row}>
          <dt>{rate ? tInvoice('taxRate', rate) : tInvoice('tax')}</dt>
          <dd className="tabular-nums" data-testid="checkout-tax">
            {totals.IsTaxExempt ? tInvoice('taxExempt') : formatUsd(totals.TaxTotalAmount)}
          </dd>
        </div>
        <div className={row}>
          <dt>{tInvoice('total')}</dt>
          <dd className="tabular-nums">{formatUsd(totals.TotalAmount)}</dd>
        </div>
        <div className={`${row} border-t border-slate-300 pt-2 text-base font-semibold text-slate-900`}>
          <dt>{t('amountDue')}</dt>
          <dd className="text-xl font-bold tabular-nums" data-testid="amount-due">
            {formatUsd(amountDue)}
          </dd>
        </div>
      </dl>
    </section>
  );
}
