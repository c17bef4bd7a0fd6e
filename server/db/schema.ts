import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Text the store shows, in every site language. */
export type LocalizedText = { en: string; de: string; ru: string };
export type LocalizedList = { en: string[]; de: string[]; ru: string[] };
/** A mail's attachment by reference: the invoice's PDF in the recipient's language. */
export type MailAttachmentRef = { invoicePdf: { invoiceId: string; language: 'en' | 'de' | 'ru' } };

/** Service offers of the store, seeded from server/data/catalog.json. Prices in cents. */
export const offers = pgTable('offers', {
  key: text('key').primaryKey(),
  description: jsonb('description').$type<LocalizedText>().notNull(),
  serviceName: jsonb('service_name').$type<LocalizedText>().notNull(),
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
  /** Stripe's Price object for the current price, created when the offer is saved with Stripe on. */
  providerPriceId: text('provider_price_id'),
});

export const staffRoles = ['staff', 'owner'] as const;
export type StaffRole = (typeof staffRoles)[number];

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
    /** Staff reach the operator console: the first owner by `npm run staff`, everyone else by an owner's invitation. */
    role: text('role').$type<StaffRole>(),
    /** The authenticator secret of a staff member (base32); used once enrolment is confirmed. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The time step of the last authenticator code accepted: a code works once. */
    totpLastStep: integer('totp_last_step'),
    /** A suspended account cannot log in and is not renewed. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** Staff: the events this member asked to be mailed about (sale, refund, renewal failure, support). */
    staffNotifications: jsonb('staff_notifications').$type<string[]>(),
  },
  (table) => [uniqueIndex('users_email_unique').on(table.email), index('users_deletion_due_idx').on(table.deletionDueAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's token: the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    /** Names the session to its owner (the settings' session list) without revealing its token. */
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The browser's User-Agent at sign-in, shown in the session list as browser and system. */
    userAgent: text('user_agent'),
    /** The XSRF token issued with this session; calls must echo it. */
    xsrfToken: text('xsrf_token').notNull(),
    wrongPasswordCount: integer('wrong_password_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the session was last used, to end it after a period without use. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Staff: when this session passed the second factor; the console needs it. */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    /** Staff: when the password was last confirmed in this session, for refunds and role changes. */
    passwordConfirmedAt: timestamp('password_confirmed_at', { withTimezone: true }),
    /** The client's address at sign-in, shown beside the device in session lists. */
    clientAddress: text('client_address'),
  },
  (table) => [
    index('sessions_user_idx').on(table.userId),
    index('sessions_expires_idx').on(table.expiresAt),
    uniqueIndex('sessions_id_unique').on(table.id),
  ],
);

/**
 * Browsers an account has logged in from: the `device` cookie's token, as its SHA-256. A login
 * from one of them is not held back by the account's failure limit, which strangers can use up.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('known_devices_user_idx').on(table.userId)],
);

/**
 * The link mailed to the old address after an email change: for a while it puts the old
 * address back and ends every session (the change may not have been the owner's).
 */
export const emailRestores = pgTable(
  'email_restores',
  {
    /** SHA-256 of the link's token. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address before the change: the one the link gives back. */
    previousEmail: text('previous_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('email_restores_user_idx').on(table.userId)],
);

/** A mailed password-reset link: single use, short-lived, its token stored only as a hash. */
export const passwordResets = pgTable(
  'password_resets',
  {
    /** SHA-256 of the link's token. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('password_resets_user_idx').on(table.userId)],
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
    /** The plain-text part. */
    body: text('body').notNull(),
    /** The HTML part (email/templates.tsx). */
    html: text('html'),
    /** What to attach, fetched when sent (email/attachments.ts). */
    attachment: jsonb('attachment').$type<MailAttachmentRef>(),
    /** The event a mail tells of: a second report of that event queues no second mail. */
    eventKey: text('event_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the last attempt failed: the mail is given up, and counted for the operator. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (table) => [index('outbox_pending_idx').on(table.sentAt, table.sendAfter), uniqueIndex('outbox_event_unique').on(table.eventKey)],
);

/** Single-use recovery codes of a staff member's second factor. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.codeHash] })],
);

export const supportStatuses = ['new', 'answered', 'closed'] as const;
export type SupportStatus = (typeof supportStatuses)[number];

export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    emailAddress: text('email_address').notNull(),
    phone: text('phone'),
    message: text('message').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Sent signed in to an account with this address: the sender proved they own it. */
    senderVerified: boolean('sender_verified').notNull().default(false),
    /** The page's language when it was sent: the reply is framed in it. */
    language: text('language'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').$type<SupportStatus>().notNull().default('new'),
  },
  (table) => [index('support_messages_created_idx').on(table.createdAt)],
);

/** A staff answer to a support message, mailed to its sender. */
export const supportReplies = pgTable(
  'support_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => supportMessages.id, { onDelete: 'cascade' }),
    staffUserId: uuid('staff_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('support_replies_message_idx').on(table.messageId)],
);

/** Every staff action, read-only in the console. Staff addresses are copied so the record outlives the account. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    staffUserId: uuid('staff_user_id'),
    staffEmail: text('staff_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
  },
  (table) => [index('audit_log_at_idx').on(table.at)],
);

/** Staff's internal notes on a customer: never shown to the customer. */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    staffUserId: uuid('staff_user_id'),
    staffEmail: text('staff_email').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('customer_notes_user_idx').on(table.userId, table.createdAt)],
);

/** An owner's invitation to join the staff: a mailed link, its token stored only as a hash. */
export const staffInvites = pgTable(
  'staff_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    role: text('role').$type<StaffRole>().notNull(),
    language: text('language').notNull().default('en'),
    /** SHA-256 of the link's token. */
    tokenHash: text('token_hash').notNull(),
    invitedByUserId: uuid('invited_by_user_id'),
    invitedByEmail: text('invited_by_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('staff_invites_token_unique').on(table.tokenHash), index('staff_invites_email_idx').on(table.email)],
);

/** An event a staff member opted into, waiting to be mailed alone or batched with others. */
export const staffNotifications = pgTable(
  'staff_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (table) => [index('staff_notifications_pending_idx').on(table.mailedAt, table.staffUserId)],
);

/** Fixed-window counters for throttling (login, codes, support form). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/** One open cart per user; the billing contact travels with it to the invoice. */
export const carts = pgTable('carts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  billingName: text('billing_name'),
  billingAddress1: text('billing_address1'),
  billingAddress2: text('billing_address2'),
  billingCity: text('billing_city'),
  billingStateCode: text('billing_state_code'),
  billingPostalCode: text('billing_postal_code'),
  billingCountryCode: text('billing_country_code'),
  isBusinessPurchase: boolean('is_business_purchase').notNull().default(false),
  /** Business purchases: printed on the invoices made from now on. */
  billingCompanyName: text('billing_company_name'),
  /** A VAT or other tax ID, for a country flagged for VAT IDs. */
  billingTaxId: text('billing_tax_id'),
  purchaseOrder: text('purchase_order'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => carts.userId, { onDelete: 'cascade' }),
    offerKey: text('offer_key')
      .notNull()
      .references(() => offers.key),
    quantity: integer('quantity').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.offerKey] })],
);

/** Invoice numbers run per year: 2026-00001, 2026-00002, … */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    number: text('number').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    fullyPaidAt: timestamp('fully_paid_at', { withTimezone: true }),
    isVoid: boolean('is_void').notNull().default(false),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    /** Why staff voided it, shown to the customer with the credit. */
    voidReason: text('void_reason'),
    /** Set for the invoice a checkout of the cart is paying; a renewal invoice has none. */
    fromCart: boolean('from_cart').notNull().default(false),
    billingName: text('billing_name').notNull(),
    billingAddress1: text('billing_address1').notNull(),
    billingAddress2: text('billing_address2'),
    billingCity: text('billing_city').notNull(),
    billingStateCode: text('billing_state_code'),
    billingStateName: text('billing_state_name'),
    billingPostalCode: text('billing_postal_code').notNull(),
    billingCountryCode: text('billing_country_code').notNull(),
    billingCountryName: text('billing_country_name').notNull(),
    billingEmail: text('billing_email').notNull(),
    billingNotes: text('billing_notes'),
    isBusinessPurchase: boolean('is_business_purchase').notNull().default(false),
    billingCompanyName: text('billing_company_name'),
    billingTaxId: text('billing_tax_id'),
    purchaseOrder: text('purchase_order'),
    isTaxExempt: boolean('is_tax_exempt').notNull(),
    taxRateBasisPoints: integer('tax_rate_bps').notNull(),
    subTotalCents: integer('sub_total_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** Staff chasing an unpaid invoice: when the last payment reminder was sent, and how many. */
    lastReminderAt: timestamp('last_reminder_at', { withTimezone: true }),
    reminderCount: integer('reminder_count').notNull().default(0),
  },
  (table) => [
    index('invoices_created_idx').on(table.createdAt),
    uniqueIndex('invoices_number_unique').on(table.number),
    index('invoices_user_idx').on(table.userId),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    offerKey: text('offer_key')
      .notNull()
      .references(() => offers.key),
    description: text('description').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    subTotalCents: integer('sub_total_cents').notNull(),
  },
  (table) => [primaryKey({ columns: [table.invoiceId, table.position] })],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    isPayment: boolean('is_payment').notNull().default(true),
    isCard: boolean('is_card').notNull().default(true),
    provider: text('provider').notNull(),
    /** The provider's id of the charge: one payment per charge, however often it is reported. */
    providerRef: text('provider_ref').notNull(),
  },
  (table) => [
    uniqueIndex('payments_provider_ref_unique').on(table.provider, table.providerRef),
    index('payments_invoice_idx').on(table.invoiceId),
  ],
);

/** A checkout attempt at the payment provider for one invoice. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    /** The invoice version this checkout charges for: a later version makes it stale. */
    invoiceVersion: integer('invoice_version').notNull(),
    status: text('status').$type<'open' | 'complete' | 'failed' | 'expired' | 'refunded'>().notNull(),
    /** Manual provider: hash of the client secret its test form must present. */
    clientSecretHash: text('client_secret_hash'),
    /** Manual provider: which test card paid, so renewals behave like it (never card data). */
    testCardOutcome: text('test_card_outcome'),
    providerCustomerId: text('provider_customer_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('checkout_sessions_invoice_idx').on(table.invoiceId)],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    offerKey: text('offer_key')
      .notNull()
      .references(() => offers.key),
    /** How many of the offer this subscription holds (an invoice line's quantity): one subscription, renewed and cancelled as one. */
    quantity: integer('quantity').notNull().default(1),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    previousId: uuid('previous_id'),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    nextRenewalAt: timestamp('next_renewal_at', { withTimezone: true }),
    isActivated: boolean('is_activated').notNull().default(true),
    isCancelled: boolean('is_cancelled').notNull().default(false),
    isRenewed: boolean('is_renewed').notNull().default(false),
    isValid: boolean('is_valid').notNull().default(true),
    renewalFailed: boolean('renewal_failed').notNull().default(false),
    /**
     * The renewal date a scheduled account deletion stopped (it cancelled a renewal the customer
     * had not): logging in within the grace period puts it back.
     */
    renewalHeldForDeletionAt: timestamp('renewal_held_for_deletion_at', { withTimezone: true }),
    /** The unpaid invoice of a failed renewal: paying it (Pay Now) continues this subscription. */
    renewalInvoiceId: uuid('renewal_invoice_id').references(() => invoices.id),
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id'),
    /** The licence key of this subscription line (AvailableLicenseKey); a renewal keeps its predecessor's. */
    licenseKey: text('license_key'),
    testCardOutcome: text('test_card_outcome'),
    /**
     * A change that costs nothing now (fewer seats, a cheaper plan): the plan and seats the next
     * renewal starts, set together; the paid period keeps offerKey and quantity until then.
     */
    scheduledOfferKey: text('scheduled_offer_key').references(() => offers.key),
    scheduledQuantity: integer('scheduled_quantity'),
  },
  (table) => [
    // One subscription per invoice line.
    uniqueIndex('subscriptions_line_unique').on(table.invoiceId, table.offerKey),
    index('subscriptions_user_idx').on(table.userId),
    index('subscriptions_renewal_idx').on(table.nextRenewalAt),
    // Stripe's renewal and cancellation events name the provider's subscription.
    index('subscriptions_provider_subscription_idx').on(table.providerSubscriptionId),
    // An app checks the key a visitor presents.
    index('subscriptions_license_key_idx').on(table.licenseKey),
    // A period is followed by at most one next period, however renewals overlap.
    uniqueIndex('subscriptions_previous_unique').on(table.previousId),
  ],
);

/**
 * The card a customer's renewals charge, as shown in the portal: with Stripe a copy of the
 * payment method's brand, last four and expiry; with the offline provider its test card.
 */
export const cardsOnFile = pgTable('cards_on_file', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  /** Stripe's PaymentMethod id; null for the offline provider. */
  providerRef: text('provider_ref'),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** The offline provider: how its test card answers a renewal charge. */
  testCardOutcome: text('test_card_outcome'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Rendered invoice PDFs, kept per language until the invoice they show changes. */
export const invoiceDocuments = pgTable(
  'invoice_documents',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    /** SHA-256 of what was rendered: a different invoice state renders again. */
    contentHash: text('content_hash').notNull(),
    pdf: bytea('pdf').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.invoiceId, table.language] })],
);

/** Provider events already handled: a redelivered webhook changes nothing. */
export const processedEvents = pgTable(
  'processed_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/** One row each backend's readiness check writes: a database that takes no writes is not ready. */
export const readinessProbes = pgTable('readiness_probes', {
  id: integer('id').primaryKey(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
});

/** Each scheduled job's last run, on whichever backend ran it: what `npm run jobs -- list` shows. */
export const jobRuns = pgTable('job_runs', {
  job: text('job').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
  /** 'ok' or 'failed'. */
  outcome: text('outcome').notNull(),
  /** How many things the run did (mails sent, subscriptions renewed, …). */
  done: integer('done').notNull(),
  ms: integer('ms').notNull(),
  /** The failed run's error, with its causes. */
  error: text('error'),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
});
