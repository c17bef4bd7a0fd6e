import type { Db } from '../db/database';
import type { Catalog } from './catalog';
import { subscriptionClaims } from './subscriptions';

/** Entitlements (ARCHITECTURE.md "Claims"): every free plan's, plus those of active subscriptions. */
export async function claimsOf(db: Db, catalog: Catalog, userId: string, now: Date): Promise<string[]> {
  const [free, paid] = await Promise.all([catalog.freePlanClaims(), subscriptionClaims(db, userId, now)]);
  return [...new Set([...free, ...paid])].sort();
}
