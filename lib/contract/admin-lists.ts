import { z } from 'zod';
import { limits, optionalText } from './fields';

/*
 * The console's global lists (invoices, payments and refunds, subscriptions) and the list of
 * money still owed. Filters travel in the query string, so a list can be linked and Back
 * works; a filter the server does not know answers 400 and lists nothing.
 */

/** Rows a page holds; the last page may hold fewer. */
export const listPageSize = 25;
/** Pages beyond this are refused: a narrower filter finds what is that far down. */
const listPageMax = 400;

/** A day of the calendar, read as a UTC day. */
const day = z.iso.date({ error: 'dateFormat' });

const commonFilters = {
  /** Invoice number, billing name, billing or account email; any part, ignoring case. */
  q: optionalText(limits.email).default(''),
  /** The first and last UTC day, both included. */
  from: day.optional(),
  to: day.optional(),
  /** An offer's key: rows of invoices with a line of it (subscriptions: of it). */
  offer: optionalText(limits.offerKey).optional(),
  page: z.coerce.number({ error: 'expectedNumber' }).int('invalidValue').min(1, 'invalidValue').max(listPageMax, 'invalidValue').default(1),
};

const inOrder = (query: { from?: string; to?: string }) => !query.from || !query.to || query.from <= query.to;
const dateOrder = { error: 'rangeOrder', path: ['to'] };

export const InvoiceListStatusSchema = z.enum(['paid', 'unpaid', 'void', 'refunded', 'partially-refunded']);
export type InvoiceListStatus = z.infer<typeof InvoiceListStatusSchema>;
export const InvoiceListQuerySchema = z.object({ ...commonFilters, status: InvoiceListStatusSchema.optional() }).refine(inOrder, dateOrder);

export const PaymentKindSchema = z.enum(['payment', 'refund']);
export const PaymentListQuerySchema = z.object({ ...commonFilters, kind: PaymentKindSchema.optional() }).refine(inOrder, dateOrder);

export const SubscriptionListStatusSchema = z.enum(['active', 'cancelled', 'renewal-failed', 'expired']);
export type SubscriptionListStatus = z.infer<typeof SubscriptionListStatusSchema>;
export const SubscriptionListQuerySchema = z
  .object({ ...commonFilters, status: SubscriptionListStatusSchema.optional() })
  .refine(inOrder, dateOrder);

/** Who a row belongs to: the account, and the invoice it is about. */
const ownerFields = {
  CustomerKey: z.string(),
  CustomerEmailAddress: z.string(),
  InvoiceKey: z.string(),
  InvoiceNumber: z.string(),
  BillingName: z.string(),
};

const InvoiceListRowSchema = z.object({
  ...ownerFields,
  CreatedDate: z.string(),
  Status: InvoiceListStatusSchema,
  /** Cents, tax included. */
  Total: z.number().int(),
  Refunded: z.number().int(),
  /** The offers of its lines, in the caller's language. */
  Products: z.array(z.string()),
});
export type InvoiceListRow = z.infer<typeof InvoiceListRowSchema>;

const PaymentListRowSchema = z.object({
  ...ownerFields,
  Key: z.string(),
  Date: z.string(),
  Kind: PaymentKindSchema,
  /** Cents, positive for either kind. */
  Amount: z.number().int(),
  Provider: z.string(),
  Description: z.string(),
});
export type PaymentListRow = z.infer<typeof PaymentListRowSchema>;

const SubscriptionListRowSchema = z.object({
  ...ownerFields,
  Key: z.string(),
  Product: z.string(),
  Quantity: z.number().int(),
  Status: SubscriptionListStatusSchema,
  StartDate: z.string(),
  EndDate: z.string(),
  NextRenewalDate: z.string().nullable(),
  Provider: z.string(),
});
export type SubscriptionListRow = z.infer<typeof SubscriptionListRowSchema>;

const pageOf = <T extends z.ZodType>(row: T) => z.object({ Rows: z.array(row), Page: z.number().int(), HasMore: z.boolean() });
export const InvoiceListPageSchema = pageOf(InvoiceListRowSchema);
export const PaymentListPageSchema = pageOf(PaymentListRowSchema);
export const SubscriptionListPageSchema = pageOf(SubscriptionListRowSchema);
export interface ListPage<T> {
  Rows: T[];
  Page: number;
  HasMore: boolean;
}

// Money owed

/** An unpaid invoice of ours, or a renewal that failed at Stripe (whose unpaid invoice is Stripe's). */
const OwedKindSchema = z.enum(['invoice', 'renewal']);

const OwedRowSchema = z.object({
  Kind: OwedKindSchema,
  /** What the actions name: the invoice, or for a Stripe renewal its subscription. */
  Key: z.string(),
  CustomerKey: z.string(),
  CustomerEmailAddress: z.string(),
  /** The invoice to open: the unpaid one, or for a Stripe renewal the one of the period that lapsed. */
  InvoiceKey: z.string(),
  InvoiceNumber: z.string(),
  BillingName: z.string(),
  /** Cents owed (a Stripe renewal: at today's price). */
  Amount: z.number().int(),
  /** Since when it is owed. */
  SinceDate: z.string(),
  AgeDays: z.number().int(),
  /** A failed renewal (ours or Stripe's), which a charge can be retried for. */
  IsRenewal: z.boolean(),
  Provider: z.string().nullable(),
  LastReminderDate: z.string().nullable(),
  ReminderCount: z.number().int(),
});
export type OwedRow = z.infer<typeof OwedRowSchema>;

export const OwedQuerySchema = z.object({ page: commonFilters.page });
export const OwedPageSchema = pageOf(OwedRowSchema);

export const OwedParamSchema = z.object({ kind: OwedKindSchema, id: z.uuid('invalidValue') });

/** A reminder within this long of the last one is refused: a double click sends one mail. */
export const reminderIntervalMs = 10 * 60_000;

/** A retried charge: paid now, or declined again (the customer keeps owing it). */
export const RetryResultSchema = z.object({
  ErrorMessages: z.array(z.object({ Message: z.string() })),
  AuditKey: z.string().nullable(),
  Paid: z.boolean(),
});
export type RetryResult = z.infer<typeof RetryResultSchema>;
