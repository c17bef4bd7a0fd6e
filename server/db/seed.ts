import { notInArray, sql } from 'drizzle-orm';
import catalog from '../data/catalog.json';
import type { Db } from './database';
import { offers, type LocalizedList, type LocalizedText } from './schema';

type CatalogOffer = (typeof catalog.offers)[number];

/** Brings the offers table in line with server/data/catalog.json; safe to run at every start. */
export async function seedCatalog(db: Db): Promise<number> {
  const rows = catalog.offers.map((offer: CatalogOffer, index) => ({
    ...offer,
    description: offer.description as LocalizedText,
    serviceName: offer.serviceName as LocalizedText,
    items: offer.items as LocalizedList,
    sortOrder: index,
    isActive: true,
  }));
  const keys = rows.map((row) => row.key);
  await db.transaction(async (tx) => {
    await tx
      .insert(offers)
      .values(rows)
      .onConflictDoUpdate({
        target: offers.key,
        set: {
          description: sql`excluded.description`,
          serviceName: sql`excluded.service_name`,
          serviceHomePage: sql`excluded.service_home_page`,
          appPage: sql`excluded.app_page`,
          priceCents: sql`excluded.price_cents`,
          savingsCents: sql`excluded.savings_cents`,
          trialDays: sql`excluded.trial_days`,
          isSubscription: sql`excluded.is_subscription`,
          renewalMonths: sql`excluded.renewal_months`,
          items: sql`excluded.items`,
          claims: sql`excluded.claims`,
          sortOrder: sql`excluded.sort_order`,
          isActive: sql`true`,
          updatedAt: sql`now()`,
        },
      });
    // Offers removed from the data file stay for old invoices but leave the store.
    await tx
      .update(offers)
      .set({ isActive: false })
      .where(notInArray(offers.key, keys));
  });
  return rows.length;
}
