import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

// The pure entry injects Stripe.js only when loadStripe is called, so pages without a Stripe
// checkout (and the offline provider) never load Stripe's script.
const stripeByKey = new Map<string, Promise<Stripe | null>>();

/**
 * loadStripe once per publishable key, kept for the life of the page (the key is known only
 * after payment/key-info, so this cannot be a module-level constant). Resolves to null when
 * Stripe.js fails to load ('Failed to load Stripe.js'); that failure is forgotten, so a later
 * visit to the checkout tries again.
 */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch(() => {
      stripeByKey.delete(publishableKey);
      return null;
    });
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}
