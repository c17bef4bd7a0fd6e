'use client';

import { useCallback, useEffect, useRef } from 'react';
import { useRouter } from '@/i18n/navigation';
import { fetchInvoice } from '@/lib/api/billing';
import { completePayment, createCheckoutSession } from '@/lib/api/payment';
import { snackbarDurations } from '@/lib/config';
import { invoiceStatus } from '@/lib/contract/presentation';
import { showError } from '@/lib/state/snackbar';
import { EmbeddedStripeForm } from './EmbeddedStripeForm';

/** A Checkout Session's client secret is its id, then `_secret_` and the secret part. */
const sessionIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0];

/**
 * The checkout (docs/product/store.md#checkout) with Stripe: its embedded checkout, which creates the session when it mounts.
 * Coming back to this window, it asks whether its session is still open: another window may have
 * paid the order (with this session, or with another that the backend then closed at Stripe) or changed it.
 */
export function StripeCheckout({
  publishableKey,
  invoiceKey,
  onSessionClosed,
  onPaidElsewhere,
}: {
  publishableKey: string;
  invoiceKey: string | null;
  onSessionClosed(): void;
  /** Another window paid this invoice first: the key of the paid invoice. */
  onPaidElsewhere(paidInvoiceKey: string): void;
}) {
  const router = useRouter();
  const sessionId = useRef<string | null>(null);
  const fetchClientSecret = useCallback(async () => {
    const secret = await createCheckoutSession('stripe', invoiceKey);
    sessionId.current = sessionIdOf(secret);
    return secret;
  }, [invoiceKey]);
  // Without the payment script, back to the cart (docs/product/store.md#checkout).
  const onLoadFailed = useCallback(() => {
    showError({ key: 'store.checkout.stripeFailed' }, snackbarDurations.long);
    router.replace('/store/cart');
  }, [router]);

  useEffect(() => {
    let checking = false;
    const checkSession = async () => {
      const id = sessionId.current;
      if (document.visibilityState !== 'visible' || !id || checking) return;
      checking = true;
      try {
        const state = await completePayment('stripe', id);
        if (state.Status === 'open' || !state.InvoiceKey) return;
        // Windows of the same order share Stripe's session: complete while this window is still here means paid in another.
        if (state.Status === 'complete') return onPaidElsewhere(state.InvoiceKey);
        const invoice = await fetchInvoice(state.InvoiceKey);
        if (invoiceStatus(invoice) === 'paid') onPaidElsewhere(invoice.Key);
        else onSessionClosed();
      } catch {
        // The API client has shown the failure; the form stays as it is.
      } finally {
        checking = false;
      }
    };
    const onVisible = () => void checkSession();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [onPaidElsewhere, onSessionClosed]);

  return (
    <EmbeddedStripeForm
      publishableKey={publishableKey}
      fetchClientSecret={fetchClientSecret}
      onLoadFailed={onLoadFailed}
      testId="stripe-checkout"
    />
  );
}
