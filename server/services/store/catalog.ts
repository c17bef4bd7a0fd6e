import { asc, count, max } from 'drizzle-orm';
import { hostedAppOf, type HostedApp } from '../../../lib/contract/hosted-apps';
import { isFreePlan } from '../../../lib/contract/offer-rules';
import type { ServiceOffer } from '../../../lib/contract/store';
import type { Db } from '../../db/database';
import { toJsonText, type JsonText } from '../../json-text';
import { offers } from '../../db/schema';
import type { ApiLanguage } from '../platform/language';

export type Offer = typeof offers.$inferSelect;

function toServiceOffer(offer: Offer, language: ApiLanguage): ServiceOffer {
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

/** How often a process compares its copy of the offers with the database. */
export const catalogRecheckMs = 1_000;

interface Loaded {
  offers: Map<string, Offer>;
  /** The table's state the copy was read at: a seed or an edit changes it. */
  revision: string;
  /** Made from these offers, so they go with them. */
  jsonByLanguage: Map<ApiLanguage, JsonText<ServiceOffer[]>>;
  freeClaims?: string[];
}

/**
 * The offers, kept per process. The database is their one source: a timer compares the copy
 * with the table's revision (latest change and row count) every second and reloads it on a
 * change, so every backend prices alike soon after a deploy seeds new offers. Readers never
 * query: they are called inside transactions, and on PGlite a query outside the transaction
 * would wait for the one connection that transaction holds.
 */
export class Catalog {
  private loaded: Promise<Loaded> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> | undefined;

  constructor(private readonly db: Db) {}

  private async revision(): Promise<string> {
    const [row] = await this.db.select({ changed: max(offers.updatedAt), rows: count() }).from(offers);
    return `${row.changed?.toISOString() ?? ''}/${row.rows}`;
  }

  private async load(): Promise<Loaded> {
    // The revision first: a change made during the read is seen at the next check.
    const revision = await this.revision();
    const rows = await this.db.select().from(offers).orderBy(asc(offers.sortOrder));
    return { offers: new Map(rows.map((row) => [row.key, row])), revision, jsonByLanguage: new Map() };
  }

  private current(): Promise<Loaded> {
    if (!this.loaded) {
      const loading = this.load();
      this.loaded = loading;
      loading.catch(() => {
        if (this.loaded === loading) this.loaded = undefined;
      });
    }
    return this.loaded;
  }

  /** Reloads the copy if the table changed since it was read. */
  async refresh(): Promise<void> {
    const kept = await this.loaded?.catch(() => undefined);
    if (kept && (await this.revision()) === kept.revision) return;
    const loading = this.load();
    await loading;
    this.loaded = loading;
  }

  /** Loads the offers now and keeps them in step with the table until `stop`. */
  watch(onError: (error: unknown) => void): void {
    void this.current();
    // A check still under way (a slow database) is not started again.
    this.timer = setInterval(() => {
      this.refreshing ??= this.refresh()
        .catch(onError)
        .finally(() => (this.refreshing = undefined));
    }, catalogRecheckMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
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

  /** A hosted app's free plan, which every account has: the active free offer granting its claim. */
  async freePlanOf(app: HostedApp): Promise<Offer | undefined> {
    return [...(await this.current()).offers.values()].find(
      (offer) => offer.isActive && isFreePlan({ TrialDays: offer.trialDays }) && hostedAppOf(offer.claims) === app,
    );
  }

  /** Claims every user has: those of the free plans. */
  async freePlanClaims(): Promise<string[]> {
    const current = await this.current();
    current.freeClaims ??= [...current.offers.values()]
      .filter((offer) => offer.isActive && isFreePlan({ TrialDays: offer.trialDays }))
      .flatMap((offer) => offer.claims);
    return current.freeClaims;
  }
}
