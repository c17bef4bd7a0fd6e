import { and, eq, notInArray, sql } from 'drizzle-orm';
import catalog from '../data/catalog.json';
import type { Db } from './database';
import { offers, type LocalizedList, type LocalizedText } from './schema';

type CatalogOffer = (typeof catalog.offers)[number];

/** The columns the data file sets. */
const fromFile = [
  'description',
  'serviceName',
  'serviceHomePage',
  'appPage',
  'priceCents',
  'savingsCents',
  'trialDays',
  'isSubscription',
  'renewalMonths',
  'items',
  'claims',
  'sortOrder',
  'isActive',
] as const;

/** Brings the offers table in line with server/data/catalog.json; safe to run at every start, by every process. */
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
          ...Object.fromEntries(fromFile.map((column) => [column, sql.raw(`excluded.${offers[column].name}`)])),
          updatedAt: sql`now()`,
        },
        // Only offers that differ are written, so the table's revision (services/catalog.ts) moves only then.
        setWhere: sql.raw(
          `(${fromFile.map((column) => `offers.${offers[column].name}`).join(', ')}) is distinct from (${fromFile.map((column) => `excluded.${offers[column].name}`).join(', ')})`,
        ),
      });
    // Offers removed from the data file stay for old invoices but leave the store.
    await tx
      .update(offers)
      .set({ isActive: false, updatedAt: sql`now()` })
      .where(and(notInArray(offers.key, keys), eq(offers.isActive, true)));
  });
  return rows.length;
}
