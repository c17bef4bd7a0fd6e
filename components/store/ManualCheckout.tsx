'use client';

import { useMutation } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { getPathname, useRouter } from '@/i18n/navigation';
import { ApiCallError } from '@/lib/api/client';
import { createCheckoutSession, payWithTestCard } from '@/lib/api/payment';
import { limits } from '@/lib/contract/limits';
import type { ManualCardFormSchema } from '@/lib/contract/store';
import { lazyZodResolver } from '@/components/forms/lazy-resolver';
import { useFieldError } from '../forms/use-field-error';
import { Button } from '../ui/Button';
import { LoadingStatus } from '../ui/LoadingStatus';
import { TextField } from '../ui/TextField';
import { CheckoutStartFailed } from './CheckoutStartFailed';

type CardInput = z.input<typeof ManualCardFormSchema>;

/** The offline provider's test cards (server/services/payments/manual.ts), shown so testers can pick an outcome. */
const testCards = [
  { number: '4242 4242 4242 4242', outcome: 'cardSuccess' },
  { number: '4000 0000 0000 0002', outcome: 'cardDeclined' },
  { number: '4000 0000 0000 0341', outcome: 'cardRenewalFails' },
] as const;

const resolver = lazyZodResolver<CardInput, z.output<typeof ManualCardFormSchema>>(() =>
  import('@/lib/contract/store').then((contract) => contract.ManualCardFormSchema),
);

/**
 * The checkout (docs/product/store.md#checkout) with the offline provider: a clearly labelled TEST MODE card form. The session
 * is created first, once per checkout round; a declined card stays here for another try (the
 * session stays open).
 */
export function ManualCheckout({
  invoiceKey,
  returnTo,
  onSessionClosed,
}: {
  invoiceKey: string | null;
  returnTo: string;
  onSessionClosed(): void;
}) {
  const t = useTranslations('store');
  const headingId = useId();
  const router = useRouter();
  const locale = useLocale();
  // Creating the session is a write (it opens an unpaid invoice): sent once, not per render or
  // per effect run, so React's development double run does not send it twice.
  const session = useMutation({ mutationFn: () => createCheckoutSession('manual', invoiceKey) });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    session.mutate();
  }, [session]);
  const paying = useMutation({ mutationFn: payWithTestCard, meta: { login: { returnTo } } });
  const [declined, setDeclined] = useState(false);
  const { register, handleSubmit, formState } = useForm<CardInput, unknown, z.output<typeof ManualCardFormSchema>>({
    resolver,
    mode: 'all',
    defaultValues: { CardNumber: '', Expiry: '', Cvc: '' },
  });
  const fieldError = useFieldError(formState);

  const onSubmit = handleSubmit(async (card) => {
    if (!session.isSuccess) return;
    setDeclined(false);
    const answer = await paying.mutateAsync({ ClientSecret: session.data, ...card }).catch((error: unknown) => {
      // The card form's input passed the shared rules, so a 400 here is the closed session.
      if (error instanceof ApiCallError && error.status === 400) onSessionClosed();
      return null;
    });
    if (!answer) return;
    if (answer.Status === 'declined') return setDeclined(true);
    const paymentReturn = { pathname: '/store/payment-return', query: { session_id: answer.SessionId } } as const;
    // The address changes at once: a reload before the next page has arrived lands on the
    // payment's result, not on the cart this payment has just emptied.
    window.history.replaceState(null, '', getPathname({ href: paymentReturn, locale }));
    router.replace(paymentReturn);
  });

  // The API client has already shown a failure.
  if (session.isError) return <CheckoutStartFailed />;
  if (!session.isSuccess) return <LoadingStatus label={t('loading.checkout')} />;

  return (
    <section
      aria-labelledby={headingId}
      data-testid="manual-checkout"
      className="rounded-lg border-2 border-dashed border-amber-500 bg-amber-50/60 p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-center gap-3">
        <span className="rounded bg-amber-400 px-2 py-0.5 text-xs font-bold tracking-wider text-amber-950">{t('checkout.testMode')}</span>
        <h2 id={headingId} className="text-xl font-semibold text-slate-900">
          {t('checkout.formTitle')}
        </h2>
      </div>
      <p className="mt-3 text-sm text-slate-800">{t('checkout.testModeText')}</p>
      <ul className="mt-2 flex flex-col gap-1 text-sm text-slate-800">
        {testCards.map((card) => (
          <li key={card.number}>
            <code className="rounded bg-white px-1.5 py-0.5 font-mono text-slate-900 ring-1 ring-amber-200">{card.number}</code> –{' '}
            {t(`checkout.${card.outcome}`)}
          </li>
        ))}
      </ul>
      <form noValidate onSubmit={onSubmit} aria-label={t('checkout.formTitle')} className="mt-5 grid grid-cols-2 gap-4">
        {declined && (
          <p role="alert" className="col-span-2 rounded-md border border-warn-600 bg-red-50 px-4 py-3 text-sm text-warn-700">
            {t('checkout.declined')}
          </p>
        )}
        <TextField
          className="col-span-2"
          label={t('checkout.cardNumber')}
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={limits.cardNumberTyped}
          error={fieldError('CardNumber')}
          {...register('CardNumber')}
        />
        <TextField
          label={t('checkout.expiry')}
          placeholder={t('checkout.expiryPlaceholder')}
          autoComplete="cc-exp"
          maxLength={limits.expiryTyped}
          error={fieldError('Expiry')}
          {...register('Expiry')}
        />
        <TextField
          label={t('checkout.cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={limits.cvcDigits}
          error={fieldError('Cvc')}
          {...register('Cvc')}
        />
        <Button type="submit" busy={paying.isPending} className="col-span-2 w-full">
          {t('checkout.pay')}
        </Button>
      </form>
    </section>
  );
}
