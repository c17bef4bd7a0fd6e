// Catalog and cart rules the store's screens need at run time, kept free of zod so that those
// pages do not ship the schema library for a few constants and checks.

const FREE_PLAN_TRIAL_DAYS = -1;

/** TrialDays -1 marks a free plan (docs/product/store.md#offers). */
export const isFreePlan = (offer: { TrialDays: number }) => offer.TrialDays === FREE_PLAN_TRIAL_DAYS;

/** The country whose billing address needs a state (docs/product/validation.md#billing-contact). */
export const US = 'US';

/** What a checkout needs of the cart's saved billing contact, the state only in the US (docs/product/validation.md#billing-contact). */
export function billingContactComplete(
  cart: Record<
    'BillingName' | 'BillingAddress1' | 'BillingCity' | 'BillingPostalCode' | 'BillingCountryCode' | 'BillingStateCode',
    string | null
  >,
): boolean {
  return Boolean(
    cart.BillingName &&
    cart.BillingAddress1 &&
    cart.BillingCity &&
    cart.BillingPostalCode &&
    cart.BillingCountryCode &&
    (cart.BillingCountryCode !== US || cart.BillingStateCode),
  );
}
