import { asc } from 'drizzle-orm';
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

/**
 * The offers, read once per process: they change only when the seed step runs at start-up
 * (server/data/catalog.json), so requests never query them.
 */
export class Catalog {
  private loaded: Promise<Map<string, Offer>> | undefined;
  private readonly byLanguage = new Map<ApiLanguage, ServiceOffer[]>();

  constructor(private readonly db: Db) {}

  private all(): Promise<Map<string, Offer>> {
    this.loaded ??= this.db
      .select()
      .from(offers)
      .orderBy(asc(offers.sortOrder))
      .then((rows) => new Map(rows.map((row) => [row.key, row])));
    this.loaded.catch(() => (this.loaded = undefined));
    return this.loaded;
  }

  /** The offers on sale, in the caller's language (the store/catalog answer). */
  async forSale(language: ApiLanguage): Promise<ServiceOffer[]> {
    let list = this.byLanguage.get(language);
    if (!list) {
      list = [...(await this.all()).values()].filter((offer) => offer.isActive).map((offer) => toServiceOffer(offer, language));
      this.byLanguage.set(language, list);
    }
    return list;
  }

  /** Offers on sale with these keys; unknown or retired keys are left out. */
  async byKey(keys: Iterable<string>): Promise<Map<string, Offer>> {
    const all = await this.all();
    const found = new Map<string, Offer>();
    for (const key of keys) {
      const offer = all.get(key);
      if (offer?.isActive) found.set(key, offer);
    }
    return found;
  }

  /** Claims every user has: those of the free plans. */
  async freePlanClaims(): Promise<string[]> {
    return [...(await this.all()).values()].filter((offer) => offer.isActive && offer.trialDays === -1).flatMap((offer) => offer.claims);
  }
}
