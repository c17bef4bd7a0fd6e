import { z } from 'zod';
import { accountEmail, limits, multiLineText, optionalText, requiredText } from './fields';

/** Spec §3 support message: all trimmed, email in its canonical form (lower case and more); §5 contact rules. */
export const SupportMessageSchema = z.object({
  FullName: requiredText(limits.fullName, 'fullNameRequired'),
  EmailAddress: accountEmail({ required: 'emailRequired', format: 'emailInvalid' }),
  Phone: optionalText(limits.phone).nullish(),
  Message: requiredText(limits.message, 'messageRequired', multiLineText),
});
export type SupportMessageInput = z.input<typeof SupportMessageSchema>;
export type SupportMessage = z.output<typeof SupportMessageSchema>;
