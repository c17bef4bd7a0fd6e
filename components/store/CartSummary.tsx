'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId } from 'react';
import { Link, useRouter } from '@/i18n/navigation';
import { formatUsd, taxRateValues } from '@/lib/contract/presentation';
import type { CartModel } from '@/lib/contract/store';
import { Button } from '../ui/Button';
import { buttonClass } from '../ui/button-class';
import type { TaxStatus } from './cart-form-schema';

const taxText = {
  notCalculated: 'taxNotCalculated',
  calculating: 'taxCalculating',
  addressRequired: 'taxAddressRequired',
  saveFailed: 'taxSaveFailed',
} as const;

/** Checkout is disabled at total 0, while saving, with an invalid form or an uncalculated tax (docs/product/store.md#cart-and-tax). */
export function checkoutDisabled(state: { total: number; saving: boolean; formValid: boolean; tax: TaxStatus }): boolean {
  return state.total === 0 || state.saving || !state.formValid || state.tax !== 'calculated';
}

/** The totals block and the two buttons; the tax line is a live region, so its changes are read out. */
export function CartSummary({ cart, tax, disabled, onRetry }: { cart: CartModel; tax: TaxStatus; disabled: boolean; onRetry(): void }) {
  const t = useTranslations('store.cart');
  const tStore = useTranslations('store');
  const tInvoice = useTranslations('billing.invoice');
  const router = useRouter();
  const headingId = useId();
  const hintId = useId();
  const calculated = tax === 'calculated';
  const locale = useLocale();
  const rate = calculated ? taxRateValues(cart, locale) : null;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-slate-50 p-5 sm:p-6">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {t('summaryTitle')}
      </h2>
      <dl className="flex flex-col gap-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-700">{t('subtotal')}</dt>
          <dd className="tabular-nums" data-testid="cart-subtotal">
            {formatUsd(cart.SubTotalAmount)}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-700">{rate ? tInvoice('taxRate', rate) : t('tax')}</dt>
          <dd className="text-right tabular-nums">
            <span role="status" data-testid="cart-tax" className={calculated ? undefined : 'text-slate-700 italic'}>
              {!calculated ? t(taxText[tax]) : cart.IsTaxExempt ? tInvoice('taxExempt') : formatUsd(cart.TaxTotalAmount)}
            </span>
          </dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-slate-300 pt-2 text-base font-semibold">
          <dt>{t('total')}</dt>
          <dd className="tabular-nums" data-testid="cart-total">
            {calculated ? formatUsd(cart.TotalAmount) : '—'}
          </dd>
        </div>
      </dl>
      <p className="text-xs text-slate-600">{t('usd')}</p>
      <Button
        onClick={() => router.push('/store/checkout')}
        disabled={disabled}
        aria-describedby={disabled ? hintId : undefined}
        className="w-full"
      >
        <svg aria-hidden viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <rect x="5" y="11" width="14" height="10" rx="2" />
          <path d="M8 11V8a4 4 0 0 1 8 0v3" />
        </svg>
        {t('checkout')}
      </Button>
      {tax === 'saveFailed' ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p id={hintId} role="alert" className="text-sm text-warn-700">
            {t('saveFailed')}
          </p>
          <Button variant="plain" onClick={onRetry}>
            {tStore('retry')}
          </Button>
        </div>
      ) : (
        disabled && (
          <p id={hintId} className="text-xs text-slate-600">
            {t('checkoutHint')}
          </p>
        )
      )}
      <Link href="/store/pricing" className={buttonClass('plain', 'w-full text-center ring-1 ring-brand-700/30')}>
        {t('addOther')}
      </Link>
    </section>
  );
}
