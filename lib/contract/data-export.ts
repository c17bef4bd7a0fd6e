import { z } from 'zod';
import { SupportStatusSchema } from './admin';
import { CardOnFileSchema, InvoiceSchema, SubscriptionSchema } from './billing';
import type { InvoiceStatus, SubscriptionState } from './presentation';

const invoiceStatuses = ['void', 'refunded', 'partiallyRefunded', 'paid', 'unpaid'] as const satisfies readonly InvoiceStatus[];
const subscriptionStates = [
  'active',
  'expired',
  'pending',
  'renewed',
  'inactive',
  'invalid',
] as const satisfies readonly SubscriptionState[];

const ProfileSchema = z.object({
  EmailAddress: z.string(),
  DisplayName: z.string().nullable(),
  /** The language the account's mail is written in: the one last used on the site. */
  Language: z.string(),
  CreatedDate: z.string(),
  TermsAcceptedDate: z.string(),
  /** As the browser sent it at sign-up or at the last login that carried one. */
  CookieConsent: z.object({ timestamp: z.string(), app: z.string() }).nullable(),
});

const SupportReplySchema = z.object({ SentDate: z.string(), Message: z.string() });

const SupportMessageSchema = z.object({
  SentDate: z.string(),
  FullName: z.string(),
  EmailAddress: z.string(),
  Phone: z.string().nullable(),
  Message: z.string(),
  Status: SupportStatusSchema,
  /** Support's answers, each mailed to the message's address. */
  Replies: z.array(SupportReplySchema),
});

/** A stored session; ended ones are deleted within a day (docs/product/accounts.md#your-data). */
const SessionSchema = z.object({
  StartedDate: z.string(),
  LastUsedDate: z.string(),
  ExpirationDate: z.string(),
  /** The browser's User-Agent at sign-in, when it sent one. */
  UserAgent: z.string().nullable(),
  /** The client's address at sign-in, when known. */
  ClientAddress: z.string().nullable(),
  /** The session that asked for this copy. */
  IsCurrent: z.boolean(),
});

/**
 * "Your data" (docs/product/accounts.md#your-data): what the account holds, as `GET user/data-export`
 * answers it and as `data.json` in the ZIP. Texts in the asked language, dates ISO 8601 UTC, amounts in cents.
 */
export const AccountDataSchema = z.object({
  ExportedDate: z.string(),
  Profile: ProfileSchema,
  /** Every invoice of the account with its lines, payments and refunds, newest first. */
  Invoices: z.array(InvoiceSchema.extend({ Status: z.enum(invoiceStatuses) })),
  Subscriptions: z.array(SubscriptionSchema.extend({ State: z.enum(subscriptionStates) })),
  /** The card renewals charge: brand, last four and expiry only. */
  CardOnFile: CardOnFileSchema.nullable(),
  /** Sent from the account's address, or while logged in to it, with the replies. */
  SupportMessages: z.array(SupportMessageSchema),
  Sessions: z.array(SessionSchema),
});
export type AccountData = z.infer<typeof AccountDataSchema>;
