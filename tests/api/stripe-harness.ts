import { startFakeStripe } from '../support/fake-stripe';
import { startTestBackend } from './harness';

/** The webhook secret of the backend startStripeTestBackend makes. */
const stripeWebhookSecret = 'whsec_test_secret';

/** A test backend with Stripe as its provider, pointed at a local fake of Stripe's API; `deliver` sends it a signed event. */
export async function startStripeTestBackend() {
  const stripe = await startFakeStripe();
  const backend = await startTestBackend({
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
    STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
    STRIPE_API_BASE: stripe.apiBase,
    SITE_URL: 'https://shop.example.com',
    // Above what a loaded machine takes to reach the fake on loopback; the slow-Stripe test waits longer.
    STRIPE_TIMEOUT_MS: '5000',
  });
  return {
    stripe,
    backend,
    /** `secret` signs with another key, as a forger would. */
    deliver(type: string, object: Record<string, unknown>, { id, secret = stripeWebhookSecret }: { id?: string; secret?: string } = {}) {
      const event = stripe.signedEvent(type, object, secret, id);
      return backend.app.request('/api/payment/stripe-webhook', {
        method: 'POST',
        headers: { 'Stripe-Signature': event.signature, 'Content-Type': 'application/json' },
        body: event.payload,
      });
    },
    async close() {
      await backend.close();
      await stripe.close();
    },
  };
}

export type StripeTestBackend = Awaited<ReturnType<typeof startStripeTestBackend>>;
