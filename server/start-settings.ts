import { ConfigError, isLoopbackOrigin, loadBackendConfig, type Env } from './config';

/** What `npm start` sets beside what it was given, and the lines that tell the newcomer so. */
export interface StartSettings {
  added: Record<string, string>;
  notes: string[];
}

const unset = (value: string | undefined) => value === undefined || value === '';

/**
 * `npm start`'s choices for a newcomer who set nothing, checked with every other setting before
 * anything is built: the public origin is the address it listens on, and without Stripe the
 * offline test-card provider takes payments, but only while that origin is this machine: on a
 * public one it would sell anything for the test card.
 */
export function startSettings(given: Env): StartSettings {
  const added: Record<string, string> = {};
  const notes: string[] = [];
  const port = unset(given.PORT) ? '3000' : given.PORT!;
  if (unset(given.SITE_URL)) {
    added.SITE_URL = `http://localhost:${/^\d+$/.test(port) ? port : '3000'}`;
    notes.push(`Public origin: ${added.SITE_URL} (set SITE_URL for any other address).`);
  }
  const siteUrl = added.SITE_URL ?? given.SITE_URL!;
  if (unset(given.STRIPE_SECRET_KEY) && unset(given.PAYMENTS_MANUAL_ENABLED) && URL.canParse(siteUrl)) {
    if (!isLoopbackOrigin(siteUrl)) {
      throw new ConfigError([
        `STRIPE_SECRET_KEY: a site on the public SITE_URL ${siteUrl} takes payments with Stripe (set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET), ` +
          'or set PAYMENTS_MANUAL_ENABLED=true for the offline test-card provider (anyone can then pay with a test card), ' +
          'or PAYMENTS_MANUAL_ENABLED=false for a site without checkout',
      ]);
    }
    added.PAYMENTS_MANUAL_ENABLED = 'true';
    notes.push('Payments: offline test-card provider (set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY for Stripe).');
  }
  loadBackendConfig({ ...given, ...added, NODE_ENV: 'production' });
  return { added, notes };
}
