import { count } from 'drizzle-orm';
import catalog from '../data/catalog.json';
import type { Db } from './database';
import { offers, type LocalizedList, type LocalizedText } from './schema';

type CatalogOffer = (typeof catalog.offers)[number];

/**
 * Fills an empty offers table from server/data/catalog.json; a table that already has offers
 * is left alone, because the operator console edits them there. Safe to run at every start,
 * by every process (two at once insert the same keys once). Answers how many offers the table holds.
 */
export async function seedCatalog(db: Db): Promise<number> {
  const [{ rows: existing }] = await db.select({ rows: count() }).from(offers);
  if (existing > 0) return existing;
  const rows = catalog.offers.map((offer: CatalogOffer, index) => ({
    ...offer,
    description: offer.description as LocalizedText,
    serviceName: offer.serviceName as LocalizedText,
    items: offer.items as LocalizedList,
    sortOrder: index,
    isActive: true,
  }));
  await db.insert(offers).values(rows).onConflictDoNothing();
  return rows.length;
}
