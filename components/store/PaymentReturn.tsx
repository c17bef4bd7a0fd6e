'use client';

import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Link, useRouter } from '@/i18n/navigation';
import { completePayment, fetchKeyInfo } from '@/lib/api/payment';
import { appActions } from '@/lib/state/app-state';
import { buttonClass } from '../ui/Button';
import { LoadingStatus } from '../ui/LoadingStatus';
import { LoginPanel } from './LoginPanel';
import { useApiLanguageReady, useStoreSession } from './use-store-session';

/**
 * Spec screen 12 and §4 Payment return: sends the session_id to payment/{provider}-return;
 * complete → cart count 0, the new claims, and on to the invoice with payment_successful=true;
 * anything else → 'Payment failed.'
 */
export function PaymentReturn() {
  const t = useTranslations('store');
  const router = useRouter();
  const sessionId = useSearchParams().get('session_id');
  const returnTo = `/store/payment-return?session_id=${encodeURIComponent(sessionId ?? '')}`;
  const session = useStoreSession(returnTo);
  const languageReady = useApiLanguageReady();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (session !== 'loggedIn' || !languageReady) return;
    if (!sessionId) {
      setFailed(true);
      return;
    }
    let live = true;
    (async () => {
      const { Provider } = await fetchKeyInfo();
      const answer = await completePayment(Provider, sessionId);
      if (!live) return;
      if (answer.Status !== 'complete' || !answer.InvoiceKey) {
        setFailed(true);
        return;
      }
      appActions.setCartCount(0);
      appActions.setClaims(answer.NewClaims);
      router.replace(`/account/billing/invoice/${encodeURIComponent(answer.InvoiceKey)}?payment_successful=true`);
    })().catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [session, languageReady, sessionId, router]);

  if (session === 'loggedOut') return <LoginPanel text={t('login.paymentReturn')} returnTo={returnTo} />;
  if (!failed) return <LoadingStatus label={t('loading.paymentReturn')} />;
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
