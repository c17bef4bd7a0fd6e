'use client';

import { EmbeddedCheckout, EmbeddedCheckoutProvider } from '@stripe/react-stripe-js';
import { useCallback, useEffect, useMemo } from 'react';
import { useRouter } from '@/i18n/navigation';
import { createCheckoutSession } from '@/lib/api/payment';
import { snackbarDurations } from '@/lib/config';
import { showError } from '@/lib/state/snackbar';
import { stripeFor } from './stripe';

/** The checkout (docs/product/store.md#checkout) with Stripe: its embedded checkout, which creates the session when it mounts. */
export function StripeCheckout({ publishableKey, invoiceKey }: { publishableKey: string; invoiceKey: string | null }) {
  const router = useRouter();
  const stripe = stripeFor(publishableKey);

  // Without the payment script, back to the cart (docs/product/store.md#checkout).
  useEffect(() => {
    let live = true;
    void stripe.then((loaded) => {
      if (loaded || !live) return;
      showError({ key: 'store.checkout.stripeFailed' }, snackbarDurations.long);
      router.replace('/store/cart');
    });
    return () => {
      live = false;
    };
  }, [stripe, router]);

  const fetchClientSecret = useCallback(() => createCheckoutSession('stripe', invoiceKey), [invoiceKey]);
  // The provider's options are fixed after mount: keep the object stable.
  const options = useMemo(() => ({ fetchClientSecret }), [fetchClientSecret]);

  return (
    <div data-testid="stripe-checkout" className="min-h-96 rounded-lg border border-slate-200 bg-white p-2 shadow-sm">
      <EmbeddedCheckoutProvider stripe={stripe} options={options}>
        <EmbeddedCheckout />
      </EmbeddedCheckoutProvider>
    </div>
  );
}
