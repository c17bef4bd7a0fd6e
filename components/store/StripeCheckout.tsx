'use client';

import { useCallback } from 'react';
import { useRouter } from '@/i18n/navigation';
import { createCheckoutSession } from '@/lib/api/payment';
import { snackbarDurations } from '@/lib/config';
import { showError } from '@/lib/state/snackbar';
import { EmbeddedStripeForm } from './EmbeddedStripeForm';

/** The checkout (docs/product/store.md#checkout) with Stripe: its embedded checkout, which creates the session when it mounts. */
export function StripeCheckout({ publishableKey, invoiceKey }: { publishableKey: string; invoiceKey: string | null }) {
  const router = useRouter();
  const fetchClientSecret = useCallback(() => createCheckoutSession('stripe', invoiceKey), [invoiceKey]);
  // Without the payment script, back to the cart (docs/product/store.md#checkout).
  const onLoadFailed = useCallback(() => {
    showError({ key: 'store.checkout.stripeFailed' }, snackbarDurations.long);
    router.replace('/store/cart');
  }, [router]);
  return (
    <EmbeddedStripeForm
      publishableKey={publishableKey}
      fetchClientSecret={fetchClientSecret}
      onLoadFailed={onLoadFailed}
      testId="stripe-checkout"
    />
  );
}
