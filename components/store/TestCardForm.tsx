'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { limits } from '@/lib/contract/limits';
import type { ManualCardFormSchema } from '@/lib/contract/store';
import { lazyZodResolver } from '@/components/forms/lazy-resolver';
import { useFieldError } from '../forms/use-field-error';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';

type CardInput = z.input<typeof ManualCardFormSchema>;
export type TestCard = z.output<typeof ManualCardFormSchema>;

/** The offline provider's test cards (server/services/payments/manual.ts), shown so testers can pick an outcome. */
const testCards = [
  { number: '4242 4242 4242 4242', outcome: 'cardSuccess' },
  { number: '4000 0000 0000 0002', outcome: 'cardDeclined' },
  { number: '4000 0000 0000 0341', outcome: 'cardRenewalFails' },
] as const;

const resolver = lazyZodResolver<CardInput, TestCard>(() =>
  import('@/lib/contract/store').then((contract) => contract.ManualCardFormSchema),
);

/**
 * The offline provider's clearly labelled TEST MODE card form: the checkout pays with it, the
 * card page saves the card on file with it. `declined` shows the decline above the fields.
 */
export function TestCardForm({
  submitLabel,
  busy,
  declined,
  onSubmit,
}: {
  submitLabel: string;
  busy: boolean;
  declined: boolean;
  onSubmit(card: TestCard): Promise<void>;
}) {
  const t = useTranslations('store.checkout');
  const headingId = useId();
  const { register, handleSubmit, formState } = useForm<CardInput, unknown, TestCard>({
    resolver,
    mode: 'all',
    defaultValues: { CardNumber: '', Expiry: '', Cvc: '' },
  });
  const fieldError = useFieldError(formState);

  return (
    <section
      aria-labelledby={headingId}
      data-testid="manual-checkout"
      className="rounded-lg border-2 border-dashed border-amber-500 bg-amber-50/60 p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-center gap-3">
        <span className="rounded bg-amber-400 px-2 py-0.5 text-xs font-bold tracking-wider text-amber-950">{t('testMode')}</span>
        <h2 id={headingId} className="text-xl font-semibold text-slate-900">
          {t('formTitle')}
        </h2>
      </div>
      <p className="mt-3 text-sm text-slate-800">{t('testModeText')}</p>
      <ul className="mt-2 flex flex-col gap-1 text-sm text-slate-800">
        {testCards.map((card) => (
          <li key={card.number}>
            <code className="rounded bg-white px-1.5 py-0.5 font-mono text-slate-900 ring-1 ring-amber-200">{card.number}</code> –{' '}
            {t(card.outcome)}
          </li>
        ))}
      </ul>
      <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('formTitle')} className="mt-5 grid grid-cols-2 gap-4">
        {declined && (
          <p role="alert" className="col-span-2 rounded-md border border-warn-600 bg-red-50 px-4 py-3 text-sm text-warn-700">
            {t('declined')}
          </p>
        )}
        <TextField
          className="col-span-2"
          label={t('cardNumber')}
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={limits.cardNumberTyped}
          error={fieldError('CardNumber')}
          {...register('CardNumber')}
        />
        <TextField
          label={t('expiry')}
          placeholder={t('expiryPlaceholder')}
          autoComplete="cc-exp"
          maxLength={limits.expiryTyped}
          error={fieldError('Expiry')}
          {...register('Expiry')}
        />
        <TextField
          label={t('cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={limits.cvcDigits}
          error={fieldError('Cvc')}
          {...register('Cvc')}
        />
        <Button type="submit" busy={busy} className="col-span-2 w-full">
          {submitLabel}
        </Button>
      </form>
    </section>
  );
}
