import { z } from 'zod';
import { accountEmail, limits, multiLineText, optionalText, requiredText } from './fields';

/** Support message (docs/product/api.md#calls): all trimmed, email in its canonical form (lower case and more); contact rules (docs/product/validation.md#contact-form). */
export const SupportMessageSchema = z.object({
  FullName: requiredText(limits.fullName, 'fullNameRequired'),
  EmailAddress: accountEmail({ required: 'emailRequired', format: 'emailInvalid' }),
  Phone: optionalText(limits.phone).nullish(),
  Message: requiredText(limits.message, 'messageRequired', multiLineText),
});
export type SupportMessageInput = z.input<typeof SupportMessageSchema>;
export type SupportMessage = z.output<typeof SupportMessageSchema>;
