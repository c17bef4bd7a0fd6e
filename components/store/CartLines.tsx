'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { limits } from '@/lib/contract/limits';
import { formatUsd } from '@/lib/contract/presentation';
import type { CartModel, ServiceOffer } from '@/lib/contract/store';
import { useFieldError } from '../forms/use-field-error';
import { cx } from '../ui/cx';
import type { CartFormInput, CartFormOutput } from './cart-form-schema';

const quantityChars = String(limits.quantityMax).length;

/** Description, unit price, an editable quantity with a trash button, sub total (docs/product/store.md#cart-and-tax). */
export function CartLines({
  cart,
  offers,
  form,
}: {
  cart: CartModel;
  offers: ReadonlyMap<string, ServiceOffer>;
  form: UseFormReturn<CartFormInput, unknown, CartFormOutput>;
}) {
  const t = useTranslations('store.cart');
  const headingId = useId();
  const fieldError = useFieldError(form.formState);
  const focusAfterRemoval = useFocusAfterRemoval(cart.LineItems, headingId);
  const cell = 'px-2 py-3 align-top sm:px-3';
  // Narrow screens show the unit price under the description, so the four columns fit in three.
  const wideOnly = 'hidden sm:table-cell';

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <h2 id={headingId} tabIndex={-1} className="px-5 pt-5 text-xl font-semibold text-slate-900 sm:px-6">
        {t('itemsTitle')}
      </h2>
      <div className="overflow-x-auto px-2 pb-2 sm:px-3">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className={cx(cell, 'font-semibold')}>
                {t('description')}
              </th>
              <th scope="col" className={cx(cell, wideOnly, 'text-right font-semibold')}>
                {t('unitPrice')}
              </th>
              <th scope="col" className={cx(cell, 'text-center font-semibold')}>
                {t('quantity')}
              </th>
              <th scope="col" className={cx(cell, 'text-right font-semibold')}>
                {t('subTotal')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {cart.LineItems.map((line) => {
              const offer = offers.get(line.Key);
              const description = offer?.Description ?? line.Key;
              const unitPrice = offer ? formatUsd(offer.Price) : '';
              const name = `Quantities.${line.Key}` as const;
              const error = fieldError(name);
              const inputId = `quantity-${line.Key}`;
              return (
                <tr key={line.Key} data-line={line.Key}>
                  <th scope="row" className={cx(cell, 'font-medium text-slate-900')}>
                    {description}
                    <span className="mt-1 block font-normal text-slate-600 tabular-nums sm:hidden">{unitPrice}</span>
                  </th>
                  <td className={cx(cell, wideOnly, 'text-right whitespace-nowrap tabular-nums')}>{unitPrice}</td>
                  <td className={cx(cell, 'text-center')}>
                    <div className="flex items-center justify-center gap-1">
                      <input
                        id={inputId}
                        type="text"
                        inputMode="numeric"
                        autoComplete="off"
                        maxLength={quantityChars}
                        aria-label={t('quantityOf', { item: description })}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${inputId}-error` : undefined}
                        className={cx(
                          'w-14 rounded-md border bg-white px-2 py-1.5 text-center text-base tabular-nums focus:outline-2 focus:outline-brand-600',
                          error ? 'border-warn-600' : 'border-slate-300',
                        )}
                        {...form.register(name)}
                      />
                      <button
                        type="button"
                        aria-label={t('remove', { item: description })}
                        data-remove
                        onClick={() => {
                          focusAfterRemoval(line.Key);
                          form.setValue(name, '0', { shouldDirty: true, shouldTouch: true, shouldValidate: true });
                        }}
                        className="rounded-md p-2 text-slate-600 hover:bg-red-50 hover:text-warn-700 focus-visible:outline-2 focus-visible:outline-brand-600"
                      >
                        <svg
                          aria-hidden
                          viewBox="0 0 24 24"
                          className="size-5"
                          fill="none"
                          stroke="currentColor"
                          strokeWidth="1.8"
                          strokeLinecap="round"
                          strokeLinejoin="round"
                        >
                          <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
                        </svg>
                      </button>
                    </div>
                    {error && (
                      <p id={`${inputId}-error`} className="mt-1 text-xs text-warn-700">
                        {error}
                      </p>
                    )}
                  </td>
                  <td className={cx(cell, 'text-right whitespace-nowrap tabular-nums')}>{formatUsd(line.SubTotalAmount)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * A line's row goes once its removal is saved, and the focus on its trash button with it: the
 * focus then moves to the trash button of the line now in its place (or the last one), else
 * to the heading, so a keyboard user does not start again at the top of the page.
 */
function useFocusAfterRemoval(lines: CartModel['LineItems'], headingId: string) {
  const removed = useRef<{ key: string; index: number } | null>(null);
  useEffect(() => {
    const pending = removed.current;
    if (!pending || lines.some((line) => line.Key === pending.key)) return;
    removed.current = null;
    // Only when the focus went with the row; a user who moved on keeps their place.
    if (document.activeElement && document.activeElement !== document.body) return;
    const next = lines[Math.min(pending.index, lines.length - 1)];
    const target = next ? document.querySelector<HTMLElement>(`tr[data-line="${CSS.escape(next.Key)}"] [data-remove]`) : null;
    (target ?? document.getElementById(headingId))?.focus();
  }, [lines, headingId]);
  return (key: string) => {
    removed.current = { key, index: lines.findIndex((line) => line.Key === key) };
  };
}
