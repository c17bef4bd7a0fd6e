'use client';

import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { Link, useRouter } from '@/i18n/navigation';
import { ApiCallError } from '@/lib/api/client';
import { completePayment, fetchKeyInfo } from '@/lib/api/payment';
import type { PaymentReturnResponse } from '@/lib/contract/store';
import { appActions } from '@/lib/state/app-state';
import { refreshAppInfo } from '@/lib/state/startup';
import { buttonClass } from '../ui/button-class';
import { Notice, RetryNotice } from '../ui/Notice';
import { LoadingStatus } from '../ui/LoadingStatus';
import { LoginPanel } from '../account/LoginPanel';
import { useSessionGate } from '../account/use-session-gate';
import { invoicePath, paidInvoicePath } from '@/lib/portal-paths';

/** A call that did not reach a verdict (no connection, no answer in time, a server error): worth trying again. */
const undecided = (error: unknown) => !(error instanceof ApiCallError) || error.status === undefined || error.status >= 500;

type Outcome = 'confirming' | 'failed' | 'unconfirmed' | { refunded: string };

function outcomeOf(confirming: UseMutationResult<PaymentReturnResponse, unknown, string>): Outcome {
  if (confirming.isError) return undecided(confirming.error) ? 'unconfirmed' : 'failed';
  const answer = confirming.data;
  if (!answer) return 'confirming';
  if (answer.Status === 'refunded' && answer.InvoiceKey) return { refunded: answer.InvoiceKey };
  // A completed payment is on its way to its invoice.
  return answer.Status === 'complete' && answer.InvoiceKey ? 'confirming' : 'failed';
}

/**
 * docs/product/store.md#payment-return: sends the session_id to payment/{provider}-return;
 * complete → cart count 0 (then the count the server holds, as a payment takes only what it
 * bought), the new claims, and on to the invoice with payment_successful=true; refunded (a
 * second payment of an invoice paid in another tab) → says so, with the invoice; any other
 * status → 'Payment failed.'. A call that got no verdict says the payment is not confirmed
 * yet and offers another try, since the card may well have been charged.
 */
export function PaymentReturn() {
  const t = useTranslations('store');
  const router = useRouter();
  const sessionId = useSearchParams().get('session_id');
  const returnTo = `/store/payment-return?session_id=${encodeURIComponent(sessionId ?? '')}`;
  const session = useSessionGate(returnTo);
  const confirming = useMutation({
    mutationFn: async (id: string) => completePayment((await fetchKeyInfo()).Provider, id),
  });
  const confirm = (id: string) =>
    confirming.mutate(id, {
      onSuccess: (answer) => {
        if (answer.Status !== 'complete' || !answer.InvoiceKey) return;
        appActions.setCartCount(0);
        appActions.setClaims(answer.NewClaims);
        void refreshAppInfo();
        router.replace(paidInvoicePath(answer.InvoiceKey));
      },
    });
  // A write: sent once per arrival with a session, not again by React's development double run.
  const sent = useRef(false);
  const ready = session === 'loggedIn';
  useEffect(() => {
    if (!ready) sent.current = false;
    if (!ready || !sessionId || sent.current) return;
    sent.current = true;
    confirm(sessionId);
    // Only the session's arrival sends it; `confirm` is new each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, sessionId]);

  if (session === 'loggedOut') return <LoginPanel text={t('login.paymentReturn')} actionLabel={t('login.action')} returnTo={returnTo} />;
  const outcome: Outcome = ready && !sessionId ? 'failed' : outcomeOf(confirming);
  if (outcome === 'confirming') return <LoadingStatus label={t('loading.paymentReturn')} />;
  if (outcome === 'unconfirmed')
    return <RetryNotice text={t('paymentReturn.unconfirmed')} retryLabel={t('retry')} onRetry={() => sessionId && confirm(sessionId)} />;
  if (typeof outcome === 'object')
    return (
      <Notice>
        <p role="alert">{t('paymentReturn.refunded')}</p>
        <Link href={invoicePath(outcome.refunded)} className={buttonClass('primary')}>
          {t('paymentReturn.viewInvoice')}
        </Link>
      </Notice>
    );
  return (
    <div className="flex flex-col items-start gap-4 rounded-lg border border-warn-600/40 bg-red-50 p-6">
      <p role="alert" className="text-lg font-semibold text-warn-700">
        {t('paymentReturn.failed')}
      </p>
      <Link href="/store/cart" className={buttonClass('primary')}>
        {t('paymentReturn.backToCart')}
      </Link>
    </div>
  );
}
