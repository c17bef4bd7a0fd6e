import type { BackendConfig } from '../../config';
import type { Db } from '../../db/database';
import { ManualProvider } from './manual';
import type { PaymentProvider } from './provider';
import { createStripeClient, StripeProvider } from './stripe';

/**
 * Stripe when its keys are configured; otherwise the offline manual provider, which production
 * refuses unless PAYMENTS_MANUAL_ENABLED=true; otherwise none (checkout answers 503).
 */
export function selectPaymentProvider(config: BackendConfig, db: Db): PaymentProvider | null {
  if (config.stripe) return new StripeProvider(createStripeClient(config.stripe), config.stripe);
  if (config.manualPaymentsEnabled) return new ManualProvider(db);
  return null;
}
