import { z } from 'zod';
import { languages } from './languages';
import { CartModelSchema, LineItemSchema } from './store';

const PaymentSchema = z.object({
  DateTime: z.string(),
  Description: z.string(),
  Amount: z.number().int(),
  IsPayment: z.boolean(),
  IsCard: z.boolean(),
});

/** An invoice line keeps what was bought as it was sold: its description and unit price. */
const InvoiceLineSchema = LineItemSchema.extend({ Description: z.string(), UnitAmount: z.number().int() });

/** Invoice (docs/product/billing.md#invoices): the cart model plus its own fields; amounts in cents, dates ISO 8601 UTC. */
export const InvoiceSchema = CartModelSchema.extend({
  LineItems: z.array(InvoiceLineSchema),
  Key: z.string(),
  InvoiceNumber: z.string(),
  InvoiceVersion: z.number().int(),
  CreatedDate: z.string(),
  FullyPaidDate: z.string().nullable(),
  IsVoid: z.boolean(),
  BillingStateName: z.string().nullable(),
  BillingCountryName: z.string().nullable(),
  BillingEmailAddress: z.string(),
  BillingNotes: z.string().nullable(),
  TotalAmountDue: z.number().int(),
  Payments: z.array(PaymentSchema),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

/** docs/product/billing.md#subscriptions */
export const SubscriptionSchema = z.object({
  Key: z.string(),
  Description: z.string(),
  /** How many of the offer the subscription holds; renewed and cancelled as one. */
  Quantity: z.number().int().min(1),
  EffectiveDate: z.string(),
  ExpirationDate: z.string(),
  NextRenewalDate: z.string().nullable(),
  IsCancelled: z.boolean(),
  IsActivated: z.boolean(),
  IsActive: z.boolean(),
  HasExpired: z.boolean(),
  IsRenewed: z.boolean(),
  IsValid: z.boolean(),
  RenewalFailed: z.boolean(),
  InvoiceKey: z.string(),
  AppPage: z.string(),
  ProductHomePage: z.string(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const IdParamSchema = z.object({ id: z.uuid('invalidValue') });
export const KeyParamSchema = z.object({ key: z.uuid('invalidValue') });

/** A download link (an invoice's PDF, the account's data) is opened by the browser itself: the page's language travels in the query (else Accept-Language). */
export const DownloadQuerySchema = z.object({ lang: z.enum(languages).optional() });
