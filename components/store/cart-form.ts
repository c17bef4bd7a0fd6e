import { z } from 'zod';
import { BillingInfoSchema, QuantitySchema, type CartModel, type UpdateCartRequest } from '@/lib/contract/store';

/** Spec §9: the tax is recalculated 2000 ms after the last change. */
export const TAX_DEBOUNCE_MS = 2000;

/** The quantity box holds text; anything but digits counts as out of the 0–100 range. */
const QuantityTextSchema = z
  .string()
  .trim()
  .transform((text) => (/^\d+$/.test(text) ? Number(text) : -1))
  .pipe(QuantitySchema);

/** The cart page's one form: the billing contact (spec §5) and a quantity per line. */
export const CartFormSchema = z.object({
  Billing: BillingInfoSchema,
  Quantities: z.record(z.string(), QuantityTextSchema),
});
export type CartFormInput = z.input<typeof CartFormSchema>;
export type CartFormOutput = z.output<typeof CartFormSchema>;

/** The saved billing contact and the cart's quantities, as the form edits them. */
export function toFormValues(cart: CartModel): CartFormInput {
  return {
    Billing: {
      Name: cart.BillingName ?? '',
      Address1: cart.BillingAddress1 ?? '',
      Address2: cart.BillingAddress2 ?? '',
      City: cart.BillingCity ?? '',
      StateCode: cart.BillingStateCode ?? '',
      PostalCode: cart.BillingPostalCode ?? '',
      CountryCode: cart.BillingCountryCode ?? '',
      IsBusinessPurchase: cart.IsBusinessPurchase,
    },
    Quantities: Object.fromEntries(cart.LineItems.map((line) => [line.Key, String(line.Quantity)])),
  };
}

/** Spec §4 Cart: the lines on screen with their current quantities, the billing info, IsAddition false. */
export function toUpdateRequest(cart: CartModel, values: CartFormOutput): UpdateCartRequest {
  return {
    Items: cart.LineItems.map((line) => ({ ServiceOfferKey: line.Key, Quantity: values.Quantities[line.Key] ?? line.Quantity })),
    BillingInfo: values.Billing,
    IsAddition: false,
  };
}

export type TaxStatus = 'calculated' | 'notCalculated' | 'calculating' | 'addressRequired';

/** What the tax shows when the form is checked after the pause. */
export function taxStatusOf(values: unknown): { status: TaxStatus; parsed: CartFormOutput | null } {
  const result = CartFormSchema.safeParse(values);
  if (result.success) return { status: 'calculating', parsed: result.data };
  const billingInvalid = result.error.issues.some((issue) => issue.path[0] === 'Billing');
  // A bad quantity shows at its own field; the tax waits for it without blaming the address.
  return { status: billingInvalid ? 'addressRequired' : 'notCalculated', parsed: null };
}
