import { z } from 'zod';
import { isEmailAddress, limits, messageKey, optionalText, requiredText, text } from './fields';

/** Spec §3 support message: all trimmed, email lower-cased; §5 contact rules. */
export const SupportMessageSchema = z.object({
  FullName: requiredText(limits.fullName, 'fullNameRequired'),
  EmailAddress: text('emailRequired')
    .normalize('NFC')
    .min(1, 'emailRequired')
    .refine(isEmailAddress, 'emailInvalid')
    .max(limits.email, messageKey('maxLength', { max: limits.email }))
    .transform((value) => value.toLowerCase()),
  Phone: optionalText(limits.phone).nullish(),
  Message: requiredText(limits.message, 'messageRequired'),
});
export type SupportMessageInput = z.input<typeof SupportMessageSchema>;
export type SupportMessage = z.output<typeof SupportMessageSchema>;
