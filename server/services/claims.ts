import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { offers } from '../db/schema';

/** Entitlements of a user: every free plan's claims (and, with the store, paid subscriptions'). */
export async function claimsOf(db: Db): Promise<string[]> {
  const free = await db
    .select({ claims: offers.claims })
    .from(offers)
    .where(and(eq(offers.isActive, true), eq(offers.trialDays, -1)));
  return [...new Set(free.flatMap((offer) => offer.claims))].sort();
}
