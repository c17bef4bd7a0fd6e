import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Text the store shows, in every site language. */
export type LocalizedText = { en: string; de: string; ru: string };
export type LocalizedList = { en: string[]; de: string[]; ru: string[] };

/** Service offers of the store, seeded from server/data/catalog.json. Prices in cents. */
export const offers = pgTable('offers', {
  key: text('key').primaryKey(),
  description: jsonb('description').$type<LocalizedText>().notNull(),
  serviceName: text('service_name').notNull(),
  serviceHomePage: text('service_home_page').notNull(),
  appPage: text('app_page').notNull(),
  priceCents: integer('price_cents').notNull(),
  savingsCents: integer('savings_cents').notNull().default(0),
  trialDays: integer('trial_days').notNull(),
  isSubscription: boolean('is_subscription').notNull(),
  renewalMonths: integer('renewal_months').notNull().default(1),
  items: jsonb('items').$type<LocalizedList>().notNull(),
  claims: jsonb('claims').$type<string[]>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
