import { z } from 'zod';
import { InvoiceSchema, SubscriptionSchema } from './billing';
import { sessionBrowsers, sessionSystems } from './user';
import { currentPassword, limits, messageKey, multiLineText, optionalText, requiredText, text } from './fields';

/*
 * The operator console's calls (/api/admin/*). Every call answers 404 to a caller without a
 * staff role, as if it did not exist; a staff member who has not passed the second factor in
 * this session gets 403 with Data `second-factor`, and a refund or role change without a recent
 * password confirmation gets 403 with Data `confirm-password`.
 */

export const StaffRoleSchema = z.enum(['staff', 'owner']);
export type StaffRole = z.infer<typeof StaffRoleSchema>;

/** What the 403 of a console call asks the console to do first. */
export const adminData = { secondFactor: 'second-factor', confirmPassword: 'confirm-password' } as const;

/** How long a password confirmation allows refunds and role changes. */
export const passwordConfirmationMs = 5 * 60_000;
/** A staff session ends after this long without use. */
export const staffIdleMs = 30 * 60_000;

/** GET /admin/me: answered before the second factor, so the console knows what to ask. */
export const StaffMeSchema = z.object({
  EmailAddress: z.string(),
  DisplayName: z.string().nullable(),
  Role: StaffRoleSchema,
  /** enrol: no authenticator yet; verify: enrolled, not passed in this session; done. */
  SecondFactor: z.enum(['enrol', 'verify', 'done']),
  /** Until when a password confirmation holds (ISO), or null. */
  PasswordConfirmedUntil: z.string().nullable(),
});
export type StaffMe = z.infer<typeof StaffMeSchema>;

export const ConfirmPasswordSchema = z.object({ CurrentPassword: currentPassword() });

/** Every console write answers this: the audit entry it made. */
export const AdminDoneSchema = z.object({ ErrorMessages: z.array(z.object({ Message: z.string() })), AuditKey: z.string().nullable() });
export type AdminDone = z.infer<typeof AdminDoneSchema>;

export const UuidParamSchema = z.object({ id: z.uuid('invalidValue') });

// Overview

export const OverviewSchema = z.object({
  /** The last twelve UTC months, oldest first: revenue net of tax and refunds, in cents (as the reports count it). */
  RevenueByMonth: z.array(z.object({ Month: z.string(), Amount: z.number().int() })),
  ActiveSubscriptions: z.number().int(),
  /** Yearly subscriptions count a twelfth of their price. */
  MonthlyRecurringRevenue: z.number().int(),
  OpenSupportMessages: z.number().int(),
});
export type Overview = z.infer<typeof OverviewSchema>;

// Support inbox

export const SupportStatusSchema = z.enum(['new', 'answered', 'closed']);
export type SupportStatus = z.infer<typeof SupportStatusSchema>;

export const SupportListQuerySchema = z.object({ status: z.enum(['new', 'answered', 'closed', 'all']).default('all') });

export const SupportMessageRowSchema = z.object({
  Key: z.string(),
  FullName: z.string(),
  EmailAddress: z.string(),
  Phone: z.string().nullable(),
  Message: z.string(),
  Status: SupportStatusSchema,
  CreatedDate: z.string(),
  /** The sender's account when they were logged in. */
  CustomerKey: z.string().nullable(),
  /** Sent signed in to an account with this very address; otherwise anyone may have typed it. */
  SenderVerified: z.boolean(),
});
export type SupportMessageRow = z.infer<typeof SupportMessageRowSchema>;

const SupportReplySchema = z.object({ Body: z.string(), SentDate: z.string(), StaffEmailAddress: z.string().nullable() });
export const SupportThreadSchema = SupportMessageRowSchema.extend({ Replies: z.array(SupportReplySchema) });
export type SupportThread = z.infer<typeof SupportThreadSchema>;

export const SupportReplyRequestSchema = z.object({ Body: requiredText(limits.supportReply, 'required', multiLineText) });
export const SupportStatusRequestSchema = z.object({ Status: SupportStatusSchema });

// Customers

export const CustomerSearchQuerySchema = z.object({ q: optionalText(limits.email).default('') });

export const CustomerRowSchema = z.object({
  Key: z.string(),
  EmailAddress: z.string(),
  DisplayName: z.string().nullable(),
  CreatedDate: z.string(),
  SuspendedDate: z.string().nullable(),
  DeletionDueDate: z.string().nullable(),
  Role: StaffRoleSchema.nullable(),
});
export type CustomerRow = z.infer<typeof CustomerRowSchema>;

const AdminSessionSchema = z.object({
  CreatedDate: z.string(),
  LastSeenDate: z.string(),
  ExpiresDate: z.string(),
  /** Read from the User-Agent, as the customer's own session list names them. */
  Browser: z.enum(sessionBrowsers).nullable(),
  System: z.enum(sessionSystems).nullable(),
  ClientAddress: z.string().nullable(),
});

export const CustomerDetailSchema = z.object({
  Customer: CustomerRowSchema,
  Invoices: z.array(InvoiceSchema),
  Subscriptions: z.array(SubscriptionSchema),
  Sessions: z.array(AdminSessionSchema),
});
export type CustomerDetail = z.infer<typeof CustomerDetailSchema>;

// Invoices and subscriptions

/** An invoice as the console sees it: the customer's model, who it belongs to, and what can be refunded. */
export const AdminInvoiceSchema = z.object({
  Invoice: InvoiceSchema,
  CustomerKey: z.string(),
  CustomerEmailAddress: z.string(),
  /** The provider that took the money (manual, stripe), or null when nothing was paid. */
  Provider: z.string().nullable(),
  /** Paid less already refunded, in cents. */
  Refundable: z.number().int(),
});
export type AdminInvoice = z.infer<typeof AdminInvoiceSchema>;

export const RefundRequestSchema = z.object({
  /** In cents; at most what is still refundable. */
  Amount: z
    .number()
    .int()
    .min(1, messageKey('minValue', { min: 1 })),
  Reason: optionalText(limits.refundReason).default(''),
});
export type RefundRequest = z.input<typeof RefundRequestSchema>;

/** Staff may say why they void an invoice: the customer sees it. The body may be left out. */
export const VoidRequestSchema = z.object({ Reason: optionalText(limits.refundReason).nullish() });
export type VoidRequest = z.input<typeof VoidRequestSchema>;

export const CancelSubscriptionRequestSchema = z.object({ When: z.enum(['now', 'period-end']) });

// Catalog

const localized = (max: number) => z.object({ en: requiredText(max), de: requiredText(max), ru: requiredText(max) });
const localizedList = z.object({
  en: z.array(requiredText(limits.offerText)).max(limits.offerItems),
  de: z.array(requiredText(limits.offerText)).max(limits.offerItems),
  ru: z.array(requiredText(limits.offerText)).max(limits.offerItems),
});

/** An offer with every language, as the console edits it; prices in cents. */
export const AdminOfferSchema = z.object({
  Key: z.string(),
  Description: z.object({ en: z.string(), de: z.string(), ru: z.string() }),
  ServiceName: z.object({ en: z.string(), de: z.string(), ru: z.string() }),
  ServiceHomePage: z.string(),
  AppPage: z.string(),
  Price: z.number().int(),
  Savings: z.number().int(),
  TrialDays: z.number().int(),
  IsSubscription: z.boolean(),
  RenewalMonths: z.number().int(),
  Items: z.object({ en: z.array(z.string()), de: z.array(z.string()), ru: z.array(z.string()) }),
  Claims: z.array(z.string()),
  IsActive: z.boolean(),
  /** Stripe's Price for the current price, when Stripe is on. */
  ProviderPriceId: z.string().nullable(),
});
export type AdminOffer = z.infer<typeof AdminOfferSchema>;

/** A path on this site; never "//host/…", which a browser follows to another site. */
const sitePath = text()
  .max(limits.offerPath, messageKey('maxLength', { max: limits.offerPath }))
  .regex(/^\/(?!\/)[a-z0-9/-]*$/, 'invalidValue');

/** What an edit may change; the key and the billing shape (subscription or not, renewal period) are fixed once sold. */
export const OfferEditSchema = z.object({
  Description: localized(limits.offerText),
  ServiceName: localized(limits.offerName),
  ServiceHomePage: sitePath,
  AppPage: sitePath,
  Price: z.number().int().min(0).max(limits.offerPriceMax),
  Savings: z.number().int().min(0).max(limits.offerPriceMax),
  TrialDays: z.number().int().min(-1).max(365),
  Items: localizedList,
});
export type OfferEdit = z.input<typeof OfferEditSchema>;

export const OfferCreateSchema = OfferEditSchema.extend({
  Key: requiredText(limits.offerKey).regex(/^[a-z0-9][a-z0-9-]*$/, 'invalidValue'),
  IsSubscription: z.boolean(),
  RenewalMonths: z.union([z.literal(1), z.literal(12)]),
  Claims: z.array(requiredText(limits.offerKey)).max(limits.offerItems),
});
export type OfferCreate = z.input<typeof OfferCreateSchema>;

export const OfferKeyParamSchema = z.object({ key: requiredText(limits.offerKey) });

// Audit log and staff

const AuditEntrySchema = z.object({
  Key: z.string(),
  Date: z.string(),
  StaffEmailAddress: z.string(),
  Action: z.string(),
  TargetType: z.string(),
  TargetKey: z.string(),
  /** What the target is called now (invoice number, email, offer or sender name), or null once it is gone. */
  TargetName: z.string().nullable(),
  Before: z.record(z.string(), z.unknown()).nullable(),
  After: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

const auditActionMax = 64;
/** A dotted action name such as `invoice.refund`. */
const auditAction = text()
  .max(auditActionMax, messageKey('maxLength', { max: auditActionMax }))
  .regex(/^[a-z][a-z-]*(\.[a-z][a-z-]*)*$/, 'invalidValue');
const utcDay = z.iso.date({ error: 'dateFormat' });

/**
 * Newest first; `before` pages on with the Date of the last entry seen. Filters: the staff
 * member's address (or `cli`), the action, and UTC days from and to (both included).
 */
export const AuditQuerySchema = z
  .object({
    before: z.iso.datetime({ error: 'invalidValue' }).optional(),
    staff: optionalText(limits.email).optional(),
    action: auditAction.optional(),
    from: utcDay.optional(),
    to: utcDay.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'rangeOrder', path: ['to'] });
export type AuditQuery = z.input<typeof AuditQuerySchema>;

/** Who has acted and what was done, for the audit log's filters (at most a few hundred each). */
export const AuditFiltersSchema = z.object({ Staff: z.array(z.string()), Actions: z.array(z.string()) });
export const AuditPageSchema = z.object({ Entries: z.array(AuditEntrySchema), HasMore: z.boolean() });

export const StaffRoleRequestSchema = z.object({ Role: StaffRoleSchema.nullable() });
