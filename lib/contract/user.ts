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
  verificationCode,
} from './fields';

/** PUT user/* answers: ErrorMessages, and Data for the code and session-ended signals. */
export const UserResponseSchema = z.object({
  ErrorMessages: z.array(ErrorMessageSchema),
  Data: z.string().nullable().optional(),
});
export type UserResponse = z.infer<typeof UserResponseSchema>;

export { userData } from './user-data';

/** The password is asked for both when the code is mailed and when it is used (docs/product/accounts.md#changing-the-email-address). */
export const ChangeEmailRequestSchema = z.object({
  NewEmailAddress: accountEmail(),
  CurrentPassword: currentPassword(),
  Code: verificationCode().nullish(),
});
export type ChangeEmailRequest = z.input<typeof ChangeEmailRequestSchema>;

/** The settings form also rejects the current address before sending (docs/product/validation.md#settings-forms). */
export const changeEmailFormSchema = (currentEmail: string) =>
  z.object({
    NewEmailAddress: accountEmail().refine((value) => value !== canonicalEmail(currentEmail), 'sameEmail'),
    CurrentPassword: currentPassword(),
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

/** The browsers and systems the session list names; any other is shown as unknown. */
export const sessionBrowsers = ['Chrome', 'Edge', 'Firefox', 'Opera', 'Safari'] as const;
export const sessionSystems = ['Windows', 'macOS', 'iOS', 'Android', 'Linux'] as const;
export type SessionBrowser = (typeof sessionBrowsers)[number];
export type SessionSystem = (typeof sessionSystems)[number];

/** One live session of the account, named by its Id (never its token); dates ISO 8601 UTC. */
const AccountSessionSchema = z.object({
  Id: z.string(),
  Browser: z.enum(sessionBrowsers).nullable(),
  System: z.enum(sessionSystems).nullable(),
  /** The client's address at sign-in, when known. */
  ClientAddress: z.string().nullable(),
  CreatedDate: z.string(),
  LastSeenDate: z.string(),
  /** The session of the browser asking: it ends by logging out. */
  Current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSessionSchema>;

/** GET user/sessions, and what is left after a sign-out: this browser's first, then the latest used. */
export const AccountSessionsSchema = z.object({ Sessions: z.array(AccountSessionSchema) });
export type AccountSessions = z.infer<typeof AccountSessionsSchema>;
