// The cart form's plain parts; its schema (and zod) load on first check: cart-form-schema.ts.
import type { CartModel, UpdateCartRequest } from '@/lib/contract/store';
import type { CartFormInput, CartFormOutput } from './cart-form-schema';

/** The tax is recalculated 2000 ms after the last change (docs/product/store.md#cart-and-tax). */
export const TAX_DEBOUNCE_MS = 2000;

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

/** The lines on screen with their current quantities, the billing info, IsAddition false (docs/product/store.md#cart-and-tax). */
export function toUpdateRequest(cart: CartModel, values: CartFormOutput): UpdateCartRequest {
  return {
    Items: cart.LineItems.map((line) => ({ ServiceOfferKey: line.Key, Quantity: values.Quantities[line.Key] ?? line.Quantity })),
    BillingInfo: values.Billing,
    IsAddition: false,
  };
}
