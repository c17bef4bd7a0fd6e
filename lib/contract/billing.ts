import { z } from 'zod';
import { languages } from './languages';
import { limits, messageKey } from './limits';
import { CartModelSchema, LineItemSchema } from './store';

const PaymentSchema = z.object({
  DateTime: z.string(),
  Description: z.string(),
  Amount: z.number().int(),
  IsPayment: z.boolean(),
  IsCard: z.boolean(),
});

/**
 * Money an invoice no longer asks or keeps: a refund of what was paid, or the whole invoice
 * voided. The reason is in the reader's language, or what staff wrote; null when none was given.
 */
const CreditSchema = z.object({
  Kind: z.enum(['refund', 'void']),
  /** Null for an invoice voided before the date was recorded. */
  DateTime: z.string().nullable(),
  Amount: z.number().int(),
  Reason: z.string().nullable(),
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
  /**
   * The unpaid invoice of a checkout not finished: an order not placed, so not a bill. The
   * billing page leaves it out until it takes money (docs/product/billing.md#billing-page).
   */
  IsOpenCheckout: z.boolean(),
  BillingStateName: z.string().nullable(),
  BillingCountryName: z.string().nullable(),
  BillingEmailAddress: z.string(),
  BillingNotes: z.string().nullable(),
  TotalAmountDue: z.number().int(),
  Payments: z.array(PaymentSchema),
  /** The void and the refunds, in the order they happened. */
  Credits: z.array(CreditSchema),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

/** A change that waits for the renewal (docs/product/billing.md#changing-plan-and-seats): the plan and seats the next period starts with. */
const ScheduledChangeSchema = z.object({
  OfferKey: z.string(),
  Description: z.string(),
  Quantity: z.number().int().min(1),
  /** The next renewal: the current period keeps its plan and seats until then. */
  EffectiveDate: z.string(),
});

/** docs/product/billing.md#subscriptions */
export const SubscriptionSchema = z.object({
  Key: z.string(),
  /** The offer held: a plan change offers the other plans of its app. */
  OfferKey: z.string(),
  Description: z.string(),
  /** How many of the offer the subscription holds; renewed and cancelled as one. */
  Quantity: z.number().int().min(1),
  EffectiveDate: z.string(),
  ExpirationDate: z.string(),
  NextRenewalDate: z.string().nullable(),
  /** What the next renewal charges (for the scheduled change, when there is one), tax included, at today's price; null without a next renewal. */
  NextChargeAmount: z.number().int().nullable(),
  /** A downgrade or seat reduction the next renewal starts; null without one or without a next renewal. */
  ScheduledChange: ScheduledChangeSchema.nullable(),
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
  /** The licence key the app checks (docs/apps.md); a renewal keeps its predecessor's. */
  LicenseKey: z.string().nullable(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

const seatsRange = messageKey('seatsRange', { max: limits.quantityMax });

/** A plan change (docs/product/billing.md#changing-plan-and-seats): the offer to hold and how many. */
export const SubscriptionChangeSchema = z.object({
  OfferKey: z.string().min(1).max(limits.offerKey),
  Quantity: z.number().int(seatsRange).min(1, seatsRange).max(limits.quantityMax, seatsRange),
});
export type SubscriptionChange = z.infer<typeof SubscriptionChangeSchema>;

const ChargeSchema = z.object({ SubTotalAmount: z.number().int(), TaxTotalAmount: z.number().int(), TotalAmount: z.number().int() });

/** What a plan change costs: charged now (all zero when it waits for the renewal) and at the next renewal; cents. */
export const SubscriptionChangePreviewSchema = z.object({
  OfferKey: z.string(),
  Description: z.string(),
  Quantity: z.number().int(),
  /** True: applied and charged now; false: scheduled, the next renewal starts and bills the new plan, nothing is charged or credited now. */
  AppliesNow: z.boolean(),
  Now: ChargeSchema,
  NextRenewalDate: z.string(),
  NextRenewal: ChargeSchema,
});
export type SubscriptionChangePreview = z.infer<typeof SubscriptionChangePreviewSchema>;

/** An applied change: the subscription that holds the new plan (a new period when charged now) and the invoice of the charge. */
export const SubscriptionChangedSchema = z.object({ SubscriptionKey: z.string(), InvoiceKey: z.string().nullable() });
export type SubscriptionChanged = z.infer<typeof SubscriptionChangedSchema>;

export const IdParamSchema = z.object({ id: z.uuid('invalidValue') });
export const KeyParamSchema = z.object({ key: z.uuid('invalidValue') });

/** A download link (an invoice's PDF, the account's data) is opened by the browser itself: the page's language travels in the query (else Accept-Language). */
export const DownloadQuerySchema = z.object({ lang: z.enum(languages).optional() });

/** The card renewals charge (docs/product/billing.md#card-on-file): brand as the provider names it ("visa"), never the number. */
export const CardOnFileSchema = z.object({
  Brand: z.string(),
  Last4: z.string(),
  ExpMonth: z.number().int(),
  ExpYear: z.number().int(),
});
export type CardOnFile = z.infer<typeof CardOnFileSchema>;

export const CardOnFileResponseSchema = z.object({ Card: CardOnFileSchema.nullable() });
export type CardOnFileResponse = z.infer<typeof CardOnFileResponseSchema>;

/** The offline provider's card update: the test card form's answer (a declined card keeps the card on file). */
export const TestCardUpdateResponseSchema = z.object({ Status: z.enum(['saved', 'declined']), Card: CardOnFileSchema.nullable() });
export type TestCardUpdateResponse = z.infer<typeof TestCardUpdateResponseSchema>;

/** Stripe's card update on return from its form: the card saved, or the setup session's state. */
export const CardSetupReturnResponseSchema = z.object({
  Status: z.enum(['complete', 'open', 'expired']),
  Card: CardOnFileSchema.nullable(),
});
export type CardSetupReturnResponse = z.infer<typeof CardSetupReturnResponseSchema>;
