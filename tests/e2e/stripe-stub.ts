import type { Page } from '@playwright/test';

/**
 * Stands in for Stripe.js in the browser (Stripe's script is an outside edge): loadStripe finds
 * window.Stripe and uses it. The embedded checkout it mounts is a tiny form whose Pay button
 * asks the fake Stripe server to complete the session, then follows the session's return_url,
 * as the real embedded checkout does.
 */
export async function stubStripeJs(page: Page) {
  const controlPort = process.env.E2E_FAKE_STRIPE_CONTROL_PORT;
  await page.addInitScript((port) => {
    const noop = () => Promise.resolve({});
    (window as unknown as { Stripe: unknown }).Stripe = Object.assign(
      (publishableKey: string) => ({
        publishableKey,
        elements: () => ({}),
        createToken: noop,
        createPaymentMethod: noop,
        confirmCardPayment: noop,
        createEmbeddedCheckoutPage: async ({ fetchClientSecret }: { fetchClientSecret: () => Promise<string> }) => {
          const secret = await fetchClientSecret();
          const sessionId = secret.split('_secret_')[0];
          let root: HTMLElement | null = null;
          return {
            mount(location: string | HTMLElement) {
              root = typeof location === 'string' ? document.querySelector<HTMLElement>(location) : location;
              if (!root) return;
              const form = document.createElement('form');
              form.setAttribute('aria-label', 'Stripe test checkout');
              form.innerHTML = '<p>Stripe test checkout</p><button type="submit">Pay with Stripe (test)</button>';
              form.addEventListener('submit', async (event) => {
                event.preventDefault();
                const response = await fetch(`http://127.0.0.1:${port}/control/complete/${sessionId}`, { method: 'POST' });
                const { return_url } = (await response.json()) as { return_url: string };
                window.location.assign(return_url);
              });
              root.appendChild(form);
            },
            unmount() {
              root?.replaceChildren();
            },
            destroy() {
              root?.replaceChildren();
            },
          };
        },
      }),
      { version: 3 },
    );
  }, controlPort);
}

/** The site configured with Stripe (against the fake Stripe API). */
export const stripeSiteUrl = () => `http://localhost:${process.env.E2E_STRIPE_SITE_PORT}`;
