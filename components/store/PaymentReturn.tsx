'use client';

import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Link, useRouter } from '@/i18n/navigation';
import { ApiCallError } from '@/lib/api/client';
import { completePayment, fetchKeyInfo } from '@/lib/api/payment';
import { appActions } from '@/lib/state/app-state';
import { refreshAppInfo } from '@/lib/state/startup';
import { buttonClass } from '../ui/Button';
import { Notice, RetryNotice } from '../ui/Notice';
import { LoadingStatus } from '../ui/LoadingStatus';
import { LoginPanel } from '../account/LoginPanel';
import { useApiLanguageReady, useStoreSession } from './use-store-session';
import { invoicePath, paidInvoicePath } from '@/lib/portal-paths';

/** A call that did not reach a verdict (no connection, no answer in time, a server error): worth trying again. */
const undecided = (error: unknown) => !(error instanceof ApiCallError) || error.status === undefined || error.status >= 500;

type Outcome = 'confirming' | 'failed' | 'unconfirmed' | { refunded: string };

/**
 * Spec screen 12 and §4 Payment return: sends the session_id to payment/{provider}-return;
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
  const session = useStoreSession(returnTo);
  const languageReady = useApiLanguageReady();
  const [confirmation, setConfirmation] = useState<Outcome>('confirming');
  const [attempt, setAttempt] = useState(0);
  // Without a session id there is nothing to confirm (once the user is known).
  const ready = session === 'loggedIn' && languageReady;
  const outcome = ready && !sessionId ? 'failed' : confirmation;

  useEffect(() => {
    if (!ready || !sessionId) return;
    let live = true;
    (async () => {
      const { Provider } = await fetchKeyInfo();
      const answer = await completePayment(Provider, sessionId);
      if (!live) return;
      if (answer.Status === 'refunded' && answer.InvoiceKey) {
        setConfirmation({ refunded: answer.InvoiceKey });
        return;
      }
      if (answer.Status !== 'complete' || !answer.InvoiceKey) {
        setConfirmation('failed');
        return;
      }
      appActions.setCartCount(0);
      appActions.setClaims(answer.NewClaims);
      void refreshAppInfo();
      router.replace(paidInvoicePath(answer.InvoiceKey));
    })().catch((error: unknown) => live && setConfirmation(undecided(error) ? 'unconfirmed' : 'failed'));
    return () => {
      live = false;
    };
  }, [ready, sessionId, router, attempt]);

  if (session === 'loggedOut') return <LoginPanel text={t('login.paymentReturn')} actionLabel={t('login.action')} returnTo={returnTo} />;
  if (outcome === 'confirming') return <LoadingStatus label={t('loading.paymentReturn')} />;
  if (outcome === 'unconfirmed') {
    const retry = () => {
      setConfirmation('confirming');
      setAttempt((count) => count + 1);
    };
    return <RetryNotice text={t('paymentReturn.unconfirmed')} retryLabel={t('retry')} onRetry={retry} />;
  }
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
