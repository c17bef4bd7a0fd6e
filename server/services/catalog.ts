import { asc } from 'drizzle-orm';
import { isFreePlan } from '../../lib/contract/offer-rules';
import type { ServiceOffer } from '../../lib/contract/store';
import type { Db } from '../db/database';
import { toJsonText, type JsonText } from '../json-text';
import { offers } from '../db/schema';
import type { ApiLanguage } from './language';

export type Offer = typeof offers.$inferSelect;

export function toServiceOffer(offer: Offer, language: ApiLanguage): ServiceOffer {
  return {
    Key: offer.key,
    Description: offer.description[language],
    ServiceName: offer.serviceName[language],
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
  private readonly jsonByLanguage = new Map<ApiLanguage, JsonText<ServiceOffer[]>>();
  private freeClaims: string[] | undefined;

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

  /**
   * The offers on sale in the caller's language, as the JSON text of the store/catalog answer:
   * serialised once per language, because the catalog is the same for every caller.
   */
  async forSaleJson(language: ApiLanguage): Promise<JsonText<ServiceOffer[]>> {
    let text = this.jsonByLanguage.get(language);
    if (!text) {
      text = toJsonText([...(await this.all()).values()].filter((offer) => offer.isActive).map((offer) => toServiceOffer(offer, language)));
      this.jsonByLanguage.set(language, text);
    }
    return text;
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
    this.freeClaims ??= [...(await this.all()).values()].filter((offer) => offer.isActive && isFreePlan({ TrialDays: offer.trialDays })).flatMap((offer) => offer.claims);
    return this.freeClaims;
  }
}
