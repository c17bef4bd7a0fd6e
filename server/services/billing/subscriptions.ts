import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Subscription } from '../../../lib/contract/billing';
import type { Db } from '../../db/database';
import { preparedStatement } from '../../db/prepared';
import { invoices, offers, subscriptions } from '../../db/schema';
import { ApiError } from '../../errors';
import { taxOn } from '../store/tax';
import type { ApiLanguage } from '../platform/language';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
type OfferRow = typeof offers.$inferSelect;

/** The subscription gives access now: activated, valid, and today inside its period. */
export const isActiveNow = (row: Pick<SubscriptionRow, 'isActivated' | 'isValid' | 'effectiveAt' | 'expiresAt'>, now: Date) =>
  row.isActivated && row.isValid && row.effectiveAt <= now && row.expiresAt > now;

/** What a renewal charges: today's price for each unit, with tax at the rate the subscription was bought at. */
export function renewalChargeCents(priceCents: number, quantity: number, taxRateBasisPoints: number): number {
  const subTotal = priceCents * quantity;
  return subTotal + taxOn(subTotal, taxRateBasisPoints);
}

/** The plan and seats the next renewal starts: a scheduled change's, else the period's own. */
export const renewingPlan = (row: Pick<SubscriptionRow, 'offerKey' | 'quantity' | 'scheduledOfferKey' | 'scheduledQuantity'>) =>
  row.scheduledOfferKey && row.scheduledQuantity
    ? { offerKey: row.scheduledOfferKey, quantity: row.scheduledQuantity }
    : { offerKey: row.offerKey, quantity: row.quantity };

/** renewingPlan in SQL, for queries that join the renewing offer. */
export const renewingOfferKey = sql<string>`coalesce(${subscriptions.scheduledOfferKey}, ${subscriptions.offerKey})`;

/** Clears a scheduled change: the renewal that was to start it has run, or the plan changed now. */
export const noScheduledChange = { scheduledOfferKey: null, scheduledQuantity: null };

/**
 * A subscription as listed: its offer, the offer of a change scheduled for the renewal, and the
 * tax rate of the invoice that bought it (its renewals keep it).
 */
export interface ListedSubscription {
  subscription: SubscriptionRow;
  offer: OfferRow;
  scheduledOffer: OfferRow | null;
  taxRateBasisPoints: number;
}

export function toSubscriptionModel(
  { subscription: row, offer, scheduledOffer, taxRateBasisPoints }: ListedSubscription,
  now: Date,
  language: ApiLanguage,
): Subscription {
  const hasExpired = row.expiresAt <= now;
  // Without a next renewal (cancelled, renewed, failed) nothing starts the scheduled change.
  const scheduled =
    row.nextRenewalAt && scheduledOffer && row.scheduledQuantity ? { offer: scheduledOffer, quantity: row.scheduledQuantity } : null;
  const renewing = scheduled ?? { offer, quantity: row.quantity };
  return {
    Key: row.id,
    OfferKey: row.offerKey,
    Description: offer.description[language],
    Quantity: row.quantity,
    EffectiveDate: row.effectiveAt.toISOString(),
    ExpirationDate: row.expiresAt.toISOString(),
    NextRenewalDate: row.nextRenewalAt?.toISOString() ?? null,
    NextChargeAmount: row.nextRenewalAt ? renewalChargeCents(renewing.offer.priceCents, renewing.quantity, taxRateBasisPoints) : null,
    ScheduledChange: scheduled && {
      OfferKey: scheduled.offer.key,
      Description: scheduled.offer.description[language],
      Quantity: scheduled.quantity,
      EffectiveDate: row.expiresAt.toISOString(),
    },
    IsCancelled: row.isCancelled,
    IsActivated: row.isActivated,
    IsActive: isActiveNow(row, now),
    HasExpired: hasExpired,
    IsRenewed: row.isRenewed,
    IsValid: row.isValid,
    RenewalFailed: row.renewalFailed,
    // After a failed renewal, the invoice that matters is the unpaid one (it has Pay Now).
    InvoiceKey: row.renewalFailed && row.renewalInvoiceId ? row.renewalInvoiceId : row.invoiceId,
    AppPage: offer.appPage,
    ProductHomePage: offer.serviceHomePage,
    LicenseKey: row.licenseKey,
  };
}

const scheduledOffers = alias(offers, 'scheduled_offers');
const listed = {
  subscription: subscriptions,
  offer: offers,
  scheduledOffer: scheduledOffers,
  taxRateBasisPoints: invoices.taxRateBasisPoints,
};

const subscriptionsOfUser = preparedStatement((db) =>
  db
    .select(listed)
    .from(subscriptions)
    .innerJoin(offers, eq(offers.key, subscriptions.offerKey))
    .leftJoin(scheduledOffers, eq(scheduledOffers.key, subscriptions.scheduledOfferKey))
    .innerJoin(invoices, eq(invoices.id, subscriptions.invoiceId))
    .where(eq(subscriptions.userId, sql.placeholder('userId')))
    .orderBy(desc(subscriptions.effectiveAt))
    .prepare('subscriptions_of_user'),
);

export async function listOwnSubscriptions(db: Db, userId: string): Promise<ListedSubscription[]> {
  return subscriptionsOfUser(db).execute({ userId });
}

export async function findOwnSubscription(db: Db, userId: string, id: string): Promise<ListedSubscription> {
  const [row] = await db
    .select(listed)
    .from(subscriptions)
    .innerJoin(offers, eq(offers.key, subscriptions.offerKey))
    .leftJoin(scheduledOffers, eq(scheduledOffers.key, subscriptions.scheduledOfferKey))
    .innerJoin(invoices, eq(invoices.id, subscriptions.invoiceId))
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)));
  if (!row) throw new ApiError(404, { key: 'notFound' });
  return row;
}

const claimsBySubscription = preparedStatement((db) =>
  db
    .select({
      claims: offers.claims,
      isActivated: subscriptions.isActivated,
      isValid: subscriptions.isValid,
      effectiveAt: subscriptions.effectiveAt,
      expiresAt: subscriptions.expiresAt,
    })
    .from(subscriptions)
    .innerJoin(offers, eq(offers.key, subscriptions.offerKey))
    .where(eq(subscriptions.userId, sql.placeholder('userId')))
    .prepare('claims_by_subscription'),
);

/** Claims granted by subscriptions active now. */
export async function subscriptionClaims(db: Db, userId: string, now: Date): Promise<string[]> {
  const rows = await claimsBySubscription(db).execute({ userId });
  return rows.filter((row) => isActiveNow(row, now)).flatMap((row) => row.claims);
}
