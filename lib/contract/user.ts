import { z } from 'zod';
import { ErrorMessageSchema } from './envelope';
import {
  accountEmail,
  canonicalEmail,
  currentPassword,
  limits,
  linkToken,
  newPassword,
  optionalText,
  repeatedPassword,
  text,
  verificationCode,
} from './fields';

/** PUT user/* answers: ErrorMessages, and Data for the code and session-ended signals. */
export const UserResponseSchema = z.object({
  ErrorMessages: z.array(ErrorMessageSchema),
  Data: z.string().nullable().optional(),
});
export type UserResponse = z.infer<typeof UserResponseSchema>;

export { userData } from './user-data';

export const ChangeEmailRequestSchema = z.object({
  NewEmailAddress: accountEmail(),
  Code: verificationCode().nullish(),
});
export type ChangeEmailRequest = z.input<typeof ChangeEmailRequestSchema>;

/** The settings form also rejects the current address before sending (docs/product/validation.md#settings-forms). */
export const changeEmailFormSchema = (currentEmail: string) =>
  z.object({
    NewEmailAddress: accountEmail().refine((value) => value !== canonicalEmail(currentEmail), 'sameEmail'),
    Code: verificationCode(),
  });

export const ChangePasswordRequestSchema = z
  .object({ CurrentPassword: currentPassword(), NewPassword: newPassword() })
  .refine((body) => body.NewPassword !== body.CurrentPassword, { message: 'samePassword', path: ['NewPassword'] });
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequestSchema>;

/** The request's fields and rules, plus the repeated password. */
export const ChangePasswordFormSchema = ChangePasswordRequestSchema.safeExtend({ RepeatPassword: repeatedPassword() }).refine(
  (form) => form.NewPassword === form.RepeatPassword,
  { message: 'passwordsDoNotMatch', path: ['RepeatPassword'] },
);
export type ChangePasswordForm = z.input<typeof ChangePasswordFormSchema>;

/** DisplayName null clears it; a body without the key is refused rather than read as a clear. */
export const UpdateProfileRequestSchema = z.object({ DisplayName: optionalText(limits.displayName).nullable() });
export type UpdateProfileRequest = z.input<typeof UpdateProfileRequestSchema>;

export const profileFormSchema = (currentDisplayName: string | null) =>
  z.object({
    DisplayName: optionalText(limits.displayName).refine((value) => value !== (currentDisplayName ?? ''), 'sameDisplayName'),
  });

export const DeleteAccountRequestSchema = z.object({ CurrentPassword: currentPassword() });
export type DeleteAccountRequest = z.input<typeof DeleteAccountRequestSchema>;

/** The link mailed to the old address after an email change (no session: it may be opened anywhere). */
export const RestoreEmailRequestSchema = z.object({ Token: linkToken() });
export type RestoreEmailRequest = z.input<typeof RestoreEmailRequestSchema>;

/** The address now back: the one to log in with. */
export const RestoreEmailResponseSchema = z.object({ ErrorMessages: z.array(ErrorMessageSchema), EmailAddress: z.string() });
export type RestoreEmailResponse = z.infer<typeof RestoreEmailResponseSchema>;
