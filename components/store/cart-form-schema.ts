import { z } from 'zod';
import { BillingInfoSchema, QuantitySchema } from '@/lib/contract/store';

/** The quantity box holds text; anything but digits counts as out of the 0–100 range. */
const QuantityTextSchema = z
  .string()
  .trim()
  .transform((text) => (/^\d+$/.test(text) ? Number(text) : -1))
  .pipe(QuantitySchema);

const QuantitiesSchema = z.record(z.string(), QuantityTextSchema);

/** The cart page's one form: the billing contact (docs/product/validation.md#billing-contact) and a quantity per line. */
export const CartFormSchema = z.object({
  Billing: BillingInfoSchema,
  Quantities: QuantitiesSchema,
});

export type CartFormInput = z.input<typeof CartFormSchema>;
export type CartFormOutput = z.output<typeof CartFormSchema>;

/** 'saveFailed': the save did not go through (not a lost session); the summary offers another try. */
export type TaxStatus = 'calculated' | 'notCalculated' | 'calculating' | 'addressRequired' | 'saveFailed';

/**
 * What the tax shows when the form is checked after the pause, and what can be saved: valid
 * quantities are saved with or without a billing contact; only the tax needs the address.
 */
export function checkCartForm(values: CartFormInput): {
  status: TaxStatus;
  quantities: CartFormOutput['Quantities'] | null;
  billing: CartFormOutput['Billing'] | null;
} {
  const billing = BillingInfoSchema.safeParse(values.Billing);
  const quantities = QuantitiesSchema.safeParse(values.Quantities);
  // A bad quantity shows at its own field; the tax waits for it without blaming the address.
  if (!quantities.success) return { status: billing.success ? 'notCalculated' : 'addressRequired', quantities: null, billing: null };
  if (!billing.success) return { status: 'addressRequired', quantities: quantities.data, billing: null };
  return { status: 'calculating', quantities: quantities.data, billing: billing.data };
}
