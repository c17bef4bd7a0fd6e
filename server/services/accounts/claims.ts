import type { BackendDeps } from '../../deps';
import { subscriptionClaims } from '../billing/subscriptions';

/** Entitlements (docs/product/billing.md#claims): every free plan's, plus those of active subscriptions. */
export async function claimsOf(deps: Pick<BackendDeps, 'db' | 'catalog' | 'clock'>, userId: string): Promise<string[]> {
  const [free, paid] = await Promise.all([deps.catalog.freePlanClaims(), subscriptionClaims(deps.db, userId, deps.clock.now())]);
  return [...new Set([...free, ...paid])].sort();
}
