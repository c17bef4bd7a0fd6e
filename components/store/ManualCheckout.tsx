'use client';

import { useMutation } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { getPathname, useRouter } from '@/i18n/navigation';
import { ApiCallError } from '@/lib/api/client';
import { createCheckoutSession, payWithTestCard } from '@/lib/api/payment';
import { LoadingStatus } from '../ui/LoadingStatus';
import { CheckoutStartFailed } from './CheckoutStartFailed';
import { LazyTestCardForm } from './LazyTestCardForm';
import type { TestCard } from './TestCardForm';

/** The paid invoice's key that an "already paid" answer carries in Data. */
function paidElsewhere(body: unknown): string | null {
  const data = typeof body === 'object' && body !== null && 'Data' in body ? body.Data : null;
  return typeof data === 'string' ? data : null;
}

/**
 * The checkout (docs/product/store.md#checkout) with the offline provider: a clearly labelled TEST MODE card form. The session
 * is created first, once per checkout round; a declined card stays here for another try (the
 * session stays open).
 */
export function ManualCheckout({
  invoiceKey,
  returnTo,
  onSessionClosed,
  onPaidElsewhere,
}: {
  invoiceKey: string | null;
  returnTo: string;
  onSessionClosed(): void;
  /** Another window paid this invoice first: the key of the paid invoice. */
  onPaidElsewhere(paidInvoiceKey: string): void;
}) {
  const t = useTranslations('store');
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

  const onSubmit = async (card: TestCard) => {
    if (!session.isSuccess) return;
    setDeclined(false);
    const answer = await paying.mutateAsync({ ClientSecret: session.data, ...card }).catch((error: unknown) => {
      const paidInvoiceKey = error instanceof ApiCallError && error.status === 409 ? paidElsewhere(error.body) : null;
      if (paidInvoiceKey) onPaidElsewhere(paidInvoiceKey);
      // The card form's input passed the shared rules, so a 400 here is the closed session.
      else if (error instanceof ApiCallError && error.status === 400) onSessionClosed();
      return null;
    });
    if (!answer) return;
    if (answer.Status === 'declined') return setDeclined(true);
    const paymentReturn = { pathname: '/store/payment-return', query: { session_id: answer.SessionId } } as const;
    // The address changes at once: a reload before the next page has arrived lands on the
    // payment's result, not on the cart this payment has just emptied.
    window.history.replaceState(null, '', getPathname({ href: paymentReturn, locale }));
    router.replace(paymentReturn);
  };

  // The API client has already shown a failure.
  if (session.isError) return <CheckoutStartFailed />;
  if (!session.isSuccess) return <LoadingStatus label={t('loading.checkout')} />;

  return (
    <LazyTestCardForm
      loadingLabel={t('loading.checkout')}
      submitLabel={t('checkout.pay')}
      busy={paying.isPending}
      declined={declined}
      onSubmit={onSubmit}
    />
  );
}
