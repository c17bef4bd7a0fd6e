import { z } from 'zod';
import { ErrorMessageSchema } from './envelope';
import { SecondFactorCodeSchema } from './second-factor';
import { accountEmail, currentPassword, linkToken, newPassword, repeatedPassword, text, verificationCode } from './fields';

export const SessionInfoSchema = z.object({
  UserName: z.string().nullable(),
  DisplayName: z.string().nullable(),
  Claims: z.array(z.string()),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

/** The stored cookie.consent record (docs/product/api.md#cookies-and-browser-storage), sent with login and sign-up. */
const CookieConsentSchema = z.object({ timestamp: text().max(40), app: text().max(20) }).nullish();

export const LoginRequestSchema = z.object({
  UserName: accountEmail(),
  Password: currentPassword(),
  CookieConsent: CookieConsentSchema,
});
export type LoginRequest = z.input<typeof LoginRequestSchema>;

export const LoginResponseSchema = z.object({
  Errors: z.array(ErrorMessageSchema),
  SessionInfo: SessionInfoSchema.nullable(),
  /** Present (true) when this login cancelled the account's scheduled deletion. */
  DeletionCancelled: z.literal(true).optional(),
  /**
   * Present when the password was right but the account has two-step sign-in on: SessionInfo is
   * null until POST auth/second-factor passes (docs/product/accounts.md#two-step-sign-in).
   */
  SecondFactor: z.literal('required').optional(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** POST auth/second-factor: the login's code, and the cookie consent the login step left unstored. */
export const LoginCodeRequestSchema = SecondFactorCodeSchema.extend({ CookieConsent: CookieConsentSchema });
export type LoginCodeRequest = z.input<typeof LoginCodeRequestSchema>;

const CodeResultSchema = z.enum(['show', 'hide']).nullable();

export const SignupRequestSchema = z.object({
  UserName: accountEmail(),
  Password: newPassword(),
  UserAgreedToTerms: z.boolean().refine((agreed) => agreed, 'mustAgreeToTerms'),
  CookieConsent: CookieConsentSchema,
  Code: verificationCode().nullish(),
});
export type SignupRequest = z.input<typeof SignupRequestSchema>;

export const SignupResponseSchema = z.object({
  Errors: z.array(ErrorMessageSchema),
  CodeResult: CodeResultSchema,
  SessionInfo: SessionInfoSchema.nullable(),
});
export type SignupResponse = z.infer<typeof SignupResponseSchema>;

/** The sign-up dialog's fields: the payload plus the repeated password (docs/product/validation.md#sign-up). */
export const SignupFormSchema = SignupRequestSchema.omit({ CookieConsent: true })
  .safeExtend({ RepeatPassword: repeatedPassword(), Code: verificationCode() })
  .refine((form) => form.Password === form.RepeatPassword, { message: 'passwordsDoNotMatch', path: ['RepeatPassword'] });
export type SignupForm = z.input<typeof SignupFormSchema>;

/** "Forgot password?": the address to mail a reset link to (docs/product/accounts.md#password-reset). */
export const PasswordResetRequestSchema = z.object({ UserName: accountEmail() });
export type PasswordResetRequest = z.input<typeof PasswordResetRequestSchema>;

/** The same notice whether or not the address has an account. */
export const PasswordResetResponseSchema = z.object({ Errors: z.array(ErrorMessageSchema) });

/** The reset link's call: its token and the new password, under the sign-up rules. */
export const PasswordResetCompletionSchema = z.object({ Token: linkToken(), NewPassword: newPassword() });
export type PasswordResetCompletion = z.input<typeof PasswordResetCompletionSchema>;

/** The reset page's fields: the new password typed twice. */
export const PasswordResetFormSchema = PasswordResetCompletionSchema.omit({ Token: true })
  .safeExtend({ RepeatPassword: repeatedPassword() })
  .refine((form) => form.NewPassword === form.RepeatPassword, { message: 'passwordsDoNotMatch', path: ['RepeatPassword'] });
export type PasswordResetForm = z.input<typeof PasswordResetFormSchema>;
