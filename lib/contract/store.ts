import { z } from 'zod';
import { limits, messageKey, optionalText, requiredText, text } from './fields';
import { US } from './offer-rules';

/** Service offer (docs/product/store.md#offers); Price and Savings in cents. TrialDays -1 marks a free plan. */
export const ServiceOfferSchema = z.object({
  Key: z.string(),
  Description: z.string(),
  ServiceName: z.string(),
  ServiceHomePage: z.string(),
  AppPage: z.string(),
  Price: z.number().int(),
  Savings: z.number().int(),
  TrialDays: z.number().int(),
  IsSubscription: z.boolean(),
  Items: z.array(z.string()),
});
export type ServiceOffer = z.infer<typeof ServiceOfferSchema>;

export const LineItemSchema = z.object({
  Key: z.string(),
  Quantity: z.number().int(),
  SubTotalAmount: z.number().int(),
  AvailableLicenseKey: z.string().nullish(),
});

/** Cart / invoice model; amounts in cents (docs/product/store.md#cart-and-tax, docs/product/billing.md#invoices). */
export const CartModelSchema = z.object({
  LineItems: z.array(LineItemSchema),
  SubTotalAmount: z.number().int(),
  TaxTotalAmount: z.number().int(),
  TotalAmount: z.number().int(),
  BillingName: z.string().nullable(),
  BillingAddress1: z.string().nullable(),
  BillingAddress2: z.string().nullable(),
  BillingCity: z.string().nullable(),
  BillingStateCode: z.string().nullable(),
  BillingPostalCode: z.string().nullable(),
  BillingCountryCode: z.string().nullable(),
  IsBusinessPurchase: z.boolean(),
  IsTaxExempt: z.boolean(),
  /** The sales tax rate in basis points (825 is 8.25 %); 0 when exempt. */
  TaxRateBasisPoints: z.number().int(),
  BillingCompanyName: z.string().nullable(),
  BillingTaxId: z.string().nullable(),
  PurchaseOrder: z.string().nullable(),
});
export type CartModel = z.infer<typeof CartModelSchema>;

/** A subscription the customer holds and renews: buying its offer again offers a seat on it instead (docs/product/store.md#already-held-plans). */
const HeldSubscriptionSchema = z.object({
  ServiceOfferKey: z.string(),
  SubscriptionKey: z.string(),
  Quantity: z.number().int(),
});
export type HeldSubscription = z.infer<typeof HeldSubscriptionSchema>;

/** GET store/cart: the cart model and the subscriptions the customer holds, which the pricing page reads too. */
export const ShoppingCartSchema = CartModelSchema.extend({ HeldSubscriptions: z.array(HeldSubscriptionSchema) });
export type ShoppingCart = z.infer<typeof ShoppingCartSchema>;

/** A US postal code is a ZIP or ZIP+4 code: 12345 or 12345-6789. */
const usZipCode = /^\d{5}(-\d{4})?$/;

/**
 * Billing rules (docs/product/validation.md#billing-contact); the state is required only for the United States. Elsewhere the form
 * shows no state field, so a state sent anyway is dropped rather than printed on the invoice. The
 * company, tax ID and purchase order are kept for a business purchase only.
 */
export const BillingInfoSchema = z
  .object({
    Name: requiredText(limits.billingName),
    Address1: requiredText(limits.address1),
    Address2: optionalText(limits.address2).nullish(),
    City: requiredText(limits.city),
    StateCode: optionalText(limits.stateCode)
      .transform((code) => code.toUpperCase())
      .nullish(),
    PostalCode: requiredText(limits.postalCode),
    CountryCode: requiredText(limits.countryCode).transform((code) => code.toUpperCase()),
    IsBusinessPurchase: z.boolean().default(false),
    CompanyName: optionalText(limits.companyName).nullish(),
    // Loose on purpose: letters, digits, spaces and dashes, an EU country prefix or none.
    TaxId: optionalText(limits.taxId)
      .regex(/^[A-Za-z0-9 -]*$/, 'taxIdFormat')
      .nullish(),
    PurchaseOrder: optionalText(limits.purchaseOrder).nullish(),
  })
  .superRefine((billing, context) => {
    if (billing.CountryCode !== US) return;
    if (!billing.StateCode) context.addIssue({ code: 'custom', path: ['StateCode'], message: 'required' });
    if (!usZipCode.test(billing.PostalCode)) context.addIssue({ code: 'custom', path: ['PostalCode'], message: 'usZipCode' });
  })
  .overwrite((billing) => ({
    ...billing,
    StateCode: billing.CountryCode === US ? billing.StateCode : null,
    // The business details belong to a business purchase only: unticking it forgets them.
    CompanyName: (billing.IsBusinessPurchase && billing.CompanyName) || null,
    TaxId: (billing.IsBusinessPurchase && billing.TaxId) || null,
    PurchaseOrder: (billing.IsBusinessPurchase && billing.PurchaseOrder) || null,
  }));
export type BillingInfoInput = z.input<typeof BillingInfoSchema>;
export type BillingInfo = z.output<typeof BillingInfoSchema>;

export const QuantitySchema = z
  .number()
  .int(messageKey('quantityRange', { max: limits.quantityMax }))
  .min(0, messageKey('quantityRange', { max: limits.quantityMax }))
  .max(limits.quantityMax, messageKey('quantityRange', { max: limits.quantityMax }));

export const UpdateCartRequestSchema = z.object({
  Items: z.array(z.object({ ServiceOfferKey: text().min(1).max(limits.offerKey), Quantity: QuantitySchema })).max(limits.cartLines),
  BillingInfo: BillingInfoSchema.nullish(),
  IsAddition: z.boolean(),
});
export type UpdateCartRequest = z.input<typeof UpdateCartRequestSchema>;

export const PaymentProviderSchema = z.enum(['stripe', 'manual']);
export type PaymentProviderName = z.infer<typeof PaymentProviderSchema>;

/** Value is the publishable key base64-encoded twice (docs/product/api.md#calls); Provider says which one is active. */
export const KeyInfoSchema = z.object({ Value: z.string(), Provider: PaymentProviderSchema });
export type KeyInfo = z.infer<typeof KeyInfoSchema>;

export const ClientSecretSchema = z.object({ Value: z.string() });

export const PaymentReturnRequestSchema = z.object({ Value: text().min(1, 'required').max(limits.paymentSessionId) });
export const PaymentReturnResponseSchema = z.object({
  Status: z.enum(['complete', 'open', 'failed', 'expired', 'refunded']),
  NewClaims: z.array(z.string()),
  InvoiceKey: z.string().nullable(),
});
export type PaymentReturnResponse = z.infer<typeof PaymentReturnResponseSchema>;

const digits = (min: number, max: number) => new RegExp(`^\\d{${min},${max}}$`);
const cardExpiry = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/;

/** The month and four-digit year of an expiry as typed ("MM / YY"); null when malformed. */
export function expiryOf(expiry: string): { month: number; year: number } | null {
  const match = cardExpiry.exec(expiry.trim());
  return match ? { month: Number(match[1]), year: 2000 + Number(match[2]) } : null;
}

/** A card is good through the last day of its expiry month (a malformed expiry has its own message). */
function notExpired(expiry: string): boolean {
  const parsed = expiryOf(expiry);
  if (!parsed) return true;
  const now = new Date();
  const { month, year } = parsed;
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
}

/** The manual provider's test card form (offline payments). */
export const ManualPayRequestSchema = z.object({
  ClientSecret: text().min(1).max(limits.clientSecret),
  CardNumber: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(digits(limits.cardDigitsMin, limits.cardDigits), 'cardNumber')),
  Expiry: z.string().trim().regex(cardExpiry, 'cardExpiry').refine(notExpired, 'cardExpired'),
  Cvc: z.string().trim().regex(digits(limits.cvcDigitsMin, limits.cvcDigits), 'cardCvc'),
});
export type ManualPayRequest = z.input<typeof ManualPayRequestSchema>;

/** The card form's fields (the client secret is added when sending). */
export const ManualCardFormSchema = ManualPayRequestSchema.omit({ ClientSecret: true });
export const ManualPayResponseSchema = z.object({ Status: z.enum(['complete', 'declined']), SessionId: z.string() });
