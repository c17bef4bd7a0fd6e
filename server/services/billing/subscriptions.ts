import { and, desc, eq } from 'drizzle-orm';
import type { Subscription } from '../../../lib/contract/billing';
import type { Db } from '../../db/database';
import { offers, subscriptions } from '../../db/schema';
import { ApiError } from '../../errors';
import type { ApiLanguage } from '../platform/language';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
type OfferRow = typeof offers.$inferSelect;

export function toSubscriptionModel(row: SubscriptionRow, offer: OfferRow, now: Date, language: ApiLanguage): Subscription {
  const hasExpired = row.expiresAt <= now;
  return {
    Key: row.id,
    Description: offer.description[language],
    Quantity: row.quantity,
    EffectiveDate: row.effectiveAt.toISOString(),
    ExpirationDate: row.expiresAt.toISOString(),
    NextRenewalDate: row.nextRenewalAt?.toISOString() ?? null,
    IsCancelled: row.isCancelled,
    IsActivated: row.isActivated,
    IsActive: row.isActivated && row.isValid && row.effectiveAt <= now && !hasExpired,
    HasExpired: hasExpired,
    IsRenewed: row.isRenewed,
    IsValid: row.isValid,
    RenewalFailed: row.renewalFailed,
    // After a failed renewal, the invoice that matters is the unpaid one (it has Pay Now).
    InvoiceKey: row.renewalFailed && row.renewalInvoiceId ? row.renewalInvoiceId : row.invoiceId,
    AppPage: offer.appPage,
    ProductHomePage: offer.serviceHomePage,
  };
}

export async function listOwnSubscriptions(db: Db, userId: string) {
  return db
    .select({ subscription: subscriptions, offer: offers })
    .from(subscriptions)
    .innerJoin(offers, eq(offers.key, subscriptions.offerKey))
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.effectiveAt));
}

export async function findOwnSubscription(db: Db, userId: string, id: string) {
  const [row] = await db
    .select({ subscription: subscriptions, offer: offers })
    .from(subscriptions)
    .innerJoin(offers, eq(offers.key, subscriptions.offerKey))
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)));
  if (!row) throw new ApiError(404, { key: 'notFound' });
  return row;
}

/** Claims granted by subscriptions active now. */
export async function subscriptionClaims(db: Db, userId: string, now: Date): Promise<string[]> {
  const rows = await listOwnSubscriptions(db, userId);
  return rows.filter((row) => toSubscriptionModel(row.subscription, row.offer, now, 'en').IsActive).flatMap((row) => row.offer.claims);
}
