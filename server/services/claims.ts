import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { offers } from '../db/schema';
import { subscriptionClaims } from './subscriptions';

/** Entitlements (ARCHITECTURE.md "Claims"): every free plan's, plus those of active subscriptions. */
export async function claimsOf(db: Db, userId: string, now: Date): Promise<string[]> {
  const free = await db
    .select({ claims: offers.claims })
    .from(offers)
    .where(and(eq(offers.isActive, true), eq(offers.trialDays, -1)));
  const paid = await subscriptionClaims(db, userId, now);
  return [...new Set([...free.flatMap((offer) => offer.claims), ...paid])].sort();
}
