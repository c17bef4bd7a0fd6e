import { z } from 'zod';
import { BillingInfoSchema, QuantitySchema } from '@/lib/contract/store';

/** The quantity box holds text; anything but digits counts as out of the 0–100 range. */
const QuantityTextSchema = z
  .string()
  .trim()
  .transform((text) => (/^\d+$/.test(text) ? Number(text) : -1))
  .pipe(QuantitySchema);

/** The cart page's one form: the billing contact (docs/product/validation.md#billing-contact) and a quantity per line. */
export const CartFormSchema = z.object({
  Billing: BillingInfoSchema,
  Quantities: z.record(z.string(), QuantityTextSchema),
});

export type CartFormInput = z.input<typeof CartFormSchema>;
export type CartFormOutput = z.output<typeof CartFormSchema>;

/** 'saveFailed': the save did not go through (not a lost session); the summary offers another try. */
export type TaxStatus = 'calculated' | 'notCalculated' | 'calculating' | 'addressRequired' | 'saveFailed';

/** What the tax shows when the form is checked after the pause. */
export function taxStatusOf(values: unknown): { status: TaxStatus; parsed: CartFormOutput | null } {
  const result = CartFormSchema.safeParse(values);
  if (result.success) return { status: 'calculating', parsed: result.data };
  const billingInvalid = result.error.issues.some((issue) => issue.path[0] === 'Billing');
  // A bad quantity shows at its own field; the tax waits for it without blaming the address.
  return { status: billingInvalid ? 'addressRequired' : 'notCalculated', parsed: null };
}
