import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ServiceOffer } from '../../lib/contract/store';
import type { Db } from '../db/database';
import { offers } from '../db/schema';
import type { ApiLanguage } from './language';

export type Offer = typeof offers.$inferSelect;

export function toServiceOffer(offer: Offer, language: ApiLanguage): ServiceOffer {
  return {
    Key: offer.key,
    Description: offer.description[language],
    ServiceName: offer.serviceName,
    ServiceHomePage: offer.serviceHomePage,
    AppPage: offer.appPage,
    Price: offer.priceCents,
    Savings: offer.savingsCents,
    TrialDays: offer.trialDays,
    IsSubscription: offer.isSubscription,
    Items: offer.items[language],
  };
}

export async function listOffers(db: Db): Promise<Offer[]> {
  return db.select().from(offers).where(eq(offers.isActive, true)).orderBy(asc(offers.sortOrder));
}

export async function offersByKey(db: Pick<Db, 'select'>, keys: string[]): Promise<Map<string, Offer>> {
  if (!keys.length) return new Map();
  const rows = await db
    .select()
    .from(offers)
    .where(and(inArray(offers.key, keys), eq(offers.isActive, true)));
  return new Map(rows.map((row) => [row.key, row]));
}
