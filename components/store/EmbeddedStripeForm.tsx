'use client';

import { EmbeddedCheckout, EmbeddedCheckoutProvider } from '@stripe/react-stripe-js';
import { useEffect, useMemo } from 'react';
import { stripeFor } from './stripe';

/**
 * Stripe's embedded Checkout form, which creates its session when it mounts: a payment (the
 * checkout) or a card saved for renewals (setup mode, the card page). `onLoadFailed` runs
 * when Stripe.js cannot be loaded.
 */
export function EmbeddedStripeForm({
  publishableKey,
  fetchClientSecret,
  onLoadFailed,
  testId,
}: {
  publishableKey: string;
  /** Stable across renders: Stripe's options are fixed after mount. */
  fetchClientSecret(): Promise<string>;
  onLoadFailed(): void;
  testId: string;
}) {
  const stripe = stripeFor(publishableKey);

  useEffect(() => {
    let live = true;
    void stripe.then((loaded) => {
      if (!loaded && live) onLoadFailed();
    });
    return () => {
      live = false;
    };
  }, [stripe, onLoadFailed]);

  const options = useMemo(() => ({ fetchClientSecret }), [fetchClientSecret]);

  return (
    <div data-testid={testId} className="min-h-96 rounded-lg border border-slate-200 bg-white p-2 shadow-sm">
      <EmbeddedCheckoutProvider stripe={stripe} options={options}>
        <EmbeddedCheckout />
      </EmbeddedCheckoutProvider>
    </div>
  );
}
