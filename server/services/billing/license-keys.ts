import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { LicenseCheck } from '../../../lib/contract/hosted-apps';
import { hostedAppOf } from '../../../lib/contract/hosted-apps';
import type { Db } from '../../db/database';
import { offers, subscriptions } from '../../db/schema';
import { ApiError } from '../../errors';
import { readableCode } from '../platform/crypto';
import { isActiveNow } from './subscriptions';

const brandPrefix = 'BB';

/**
 * A new licence key (AvailableLicenseKey, docs/product/billing.md#licence-keys): the brand, the
 * app it opens, and three groups of five from the no-lookalike alphabet, e.g.
 * BB-PDF-7KQ2M-XW9RT-4HNPC. 75 random bits: a key cannot be guessed, only read off a page.
 */
export function newLicenseKey(claims: readonly string[]): string {
  const app = hostedAppOf(claims);
  const groups = [readableCode(5), readableCode(5), readableCode(5)];
  return [brandPrefix, ...(app ? [app.toUpperCase()] : []), ...groups].join('-');
}

/**
 * Subscriptions bought before licence keys existed get theirs the first time the customer's
 * billing is read: a key is only of use once it is shown, and a read before any showing is
 * the one place every old subscription passes. Periods in order, so a renewal takes its
 * predecessor's key. The rows are locked, so two reads at once give one key per chain.
 */
export async function issueMissingLicenseKeys(db: Db, userId: string): Promise<void> {
  const [missing] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), isNull(subscriptions.licenseKey)))
    .limit(1);
  if (!missing) return;
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: subscriptions.id, previousId: subscriptions.previousId, licenseKey: subscriptions.licenseKey, claims: offers.claims })
      .from(subscriptions)
      .innerJoin(offers, eq(offers.key, subscriptions.offerKey))
      .where(eq(subscriptions.userId, userId))
      .orderBy(asc(subscriptions.effectiveAt))
      .for('update', { of: subscriptions });
    const keyOf = new Map(rows.flatMap((row) => (row.licenseKey ? [[row.id, row.licenseKey] as const] : [])));
    for (const row of rows) {
      if (row.licenseKey) continue;
      const key = (row.previousId && keyOf.get(row.previousId)) || newLicenseKey(row.claims);
      keyOf.set(row.id, key);
      await tx.update(subscriptions).set({ licenseKey: key }).where(eq(subscriptions.id, row.id));
    }
  });
}

/**
 * What a licence key entitles to (docs/apps.md): the period of its subscription that covers
 * today, else the latest one (then not valid). An unknown key is a 404, like a missing page.
 */
export async function checkLicenseKey(db: Db, key: string, now: Date): Promise<LicenseCheck> {
  const periods = await db
    .select({ subscription: subscriptions, offer: offers })
    .from(subscriptions)
    .innerJoin(offers, eq(offers.key, subscriptions.offerKey))
    .where(eq(subscriptions.licenseKey, key))
    .orderBy(desc(subscriptions.effectiveAt));
  if (!periods.length) throw new ApiError(404, { key: 'licenseKeyUnknown' });
  const current = periods.find((row) => isActiveNow(row.subscription, now)) ?? periods[0];
  const valid = isActiveNow(current.subscription, now);
  return {
    LicenseKey: key,
    Valid: valid,
    App: hostedAppOf(current.offer.claims),
    Plan: current.offer.key,
    Quantity: current.subscription.quantity,
    ExpirationDate: current.subscription.expiresAt.toISOString(),
    Claims: valid ? current.offer.claims : [],
  };
}
