import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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

export interface StoredCookieConsent {
  timestamp: string;
  app: string;
}

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    displayName: text('display_name'),
    language: text('language').notNull().default('en'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    cookieConsent: jsonb('cookie_consent').$type<StoredCookieConsent>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by a deletion request; logging in before it passes cancels the deletion. */
    deletionDueAt: timestamp('deletion_due_at', { withTimezone: true }),
    /** Set when the purge job has erased the personal data. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('users_email_unique').on(table.email), index('users_deletion_due_idx').on(table.deletionDueAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's token: the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The XSRF token issued with this session; calls must echo it. */
    xsrfToken: text('xsrf_token').notNull(),
    wrongPasswordCount: integer('wrong_password_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').$type<'signup' | 'email-change'>().notNull(),
    /** The address the code was mailed to (the new address for an email change). */
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('verification_codes_lookup_idx').on(table.purpose, table.email)],
);

/** Mail waits here until the sender job has handed it to the mail server. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('outbox_pending_idx').on(table.sentAt, table.sendAfter)],
);

export const supportMessages = pgTable('support_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  fullName: text('full_name').notNull(),
  emailAddress: text('email_address').notNull(),
  phone: text('phone'),
  message: text('message').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters for throttling (login, codes, support form). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});
