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
      CompanyName: cart.BillingCompanyName ?? '',
      TaxId: cart.BillingTaxId ?? '',
      PurchaseOrder: cart.PurchaseOrder ?? '',
    },
    Quantities: Object.fromEntries(cart.LineItems.map((line) => [line.Key, String(line.Quantity)])),
  };
}

/**
 * The lines on screen with their current quantities, the billing info (null while it is not
 * complete: the server keeps the one it has), IsAddition false (docs/product/store.md#cart-and-tax).
 */
export function toUpdateRequest(
  cart: CartModel,
  quantities: CartFormOutput['Quantities'],
  billing: CartFormOutput['Billing'] | null,
): UpdateCartRequest {
  return {
    Items: cart.LineItems.map((line) => ({ ServiceOfferKey: line.Key, Quantity: quantities[line.Key] ?? line.Quantity })),
    BillingInfo: billing,
    IsAddition: false,
  };
}

/** Whether the quantities differ from the cart's saved lines. */
export const quantitiesChanged = (cart: CartModel, quantities: CartFormOutput['Quantities']) =>
  cart.LineItems.some((line) => (quantities[line.Key] ?? line.Quantity) !== line.Quantity);
