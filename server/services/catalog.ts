import { asc, count, max } from 'drizzle-orm';
import type { Clock } from '../clock';
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

/** How stale a process's copy of the offers may get before it asks the database again. */
export const catalogRecheckMs = 1_000;

interface Loaded {
  offers: Map<string, Offer>;
  /** The table's state the copy was read at: a seed or an edit changes it. */
  revision: string;
  checkedAt: number;
  /** Made from these offers, so they go with them. */
  jsonByLanguage: Map<ApiLanguage, JsonText<ServiceOffer[]>>;
  freeClaims?: string[];
}

/**
 * The offers, kept per process: the database is their one source, and a process compares its
 * copy with the table's revision (latest change and row count) at most once a second, so every
 * backend prices alike soon after a deploy seeds new offers, without a query per request.
 */
export class Catalog {
  private loaded: Promise<Loaded> | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private async revision(): Promise<string> {
    const [row] = await this.db.select({ changed: max(offers.updatedAt), rows: count() }).from(offers);
    return `${row.changed?.toISOString() ?? ''}/${row.rows}`;
  }

  private async load(): Promise<Loaded> {
    // The revision first: a change made during the read is seen at the next check.
    const revision = await this.revision();
    const rows = await this.db.select().from(offers).orderBy(asc(offers.sortOrder));
    return { offers: new Map(rows.map((row) => [row.key, row])), revision, checkedAt: this.clock.now().getTime(), jsonByLanguage: new Map() };
  }

  private async current(): Promise<Loaded> {
    this.loaded ??= this.load();
    this.loaded.catch(() => (this.loaded = undefined));
    let current = await this.loaded;
    if (this.clock.now().getTime() - current.checkedAt >= catalogRecheckMs) {
      current.checkedAt = this.clock.now().getTime();
      if ((await this.revision()) !== current.revision) {
        this.loaded = this.load();
        current = await this.loaded;
      }
    }
    return current;
  }

  /**
   * The offers on sale in the caller's language, as the JSON text of the store/catalog answer:
   * serialised once per language, because the catalog is the same for every caller.
   */
  async forSaleJson(language: ApiLanguage): Promise<JsonText<ServiceOffer[]>> {
    const current = await this.current();
    let text = current.jsonByLanguage.get(language);
    if (!text) {
      text = toJsonText([...current.offers.values()].filter((offer) => offer.isActive).map((offer) => toServiceOffer(offer, language)));
      current.jsonByLanguage.set(language, text);
    }
    return text;
  }

  /** Offers on sale with these keys; unknown or retired keys are left out. */
  async byKey(keys: Iterable<string>): Promise<Map<string, Offer>> {
    const all = (await this.current()).offers;
    const found = new Map<string, Offer>();
    for (const key of keys) {
      const offer = all.get(key);
      if (offer?.isActive) found.set(key, offer);
    }
    return found;
  }

  /** Claims every user has: those of the free plans. */
  async freePlanClaims(): Promise<string[]> {
    const current = await this.current();
    current.freeClaims ??= [...current.offers.values()].filter((offer) => offer.isActive && isFreePlan({ TrialDays: offer.trialDays })).flatMap((offer) => offer.claims);
    return current.freeClaims;
  }
}
