import { z } from 'zod';
import { currentPassword, limits, requiredText } from './fields';

/*
 * The authenticator app and its recovery codes: mandatory for staff in the operator console
 * (lib/contract/admin.ts), optional for customers as two-step sign-in
 * (docs/product/accounts.md#two-step-sign-in).
 */

/** A new secret with its QR code, kept unconfirmed until a code proves the app has it. */
export const EnrolmentSchema = z.object({ Secret: z.string(), OtpAuthUrl: z.string(), QrCodeSvg: z.string() });
export type Enrolment = z.infer<typeof EnrolmentSchema>;

/** A six-digit authenticator code, or a recovery code (xxxxx-xxxxx); spaces and case do not matter. */
const secondFactorCode = () => requiredText(limits.secondFactorCode).transform((code) => code.replace(/\s+/g, '').toLowerCase());

export const SecondFactorCodeSchema = z.object({ Code: secondFactorCode() });
export type SecondFactorCode = z.input<typeof SecondFactorCodeSchema>;

/** The confirmed enrolment's recovery codes: shown once. */
export const RecoveryCodesSchema = z.object({ RecoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** GET user/second-factor: whether a customer's logins ask for a code. */
export const TwoStepStatusSchema = z.object({
  Enabled: z.boolean(),
  /** A staff account: the console requires the authenticator and the settings cannot change it. */
  StaffManaged: z.boolean(),
});
export type TwoStepStatus = z.infer<typeof TwoStepStatusSchema>;

/** POST user/second-factor/turn-off: the password and a code, so a session alone cannot turn it off. */
export const TurnOffTwoStepRequestSchema = z.object({ CurrentPassword: currentPassword(), Code: secondFactorCode() });
export type TurnOffTwoStepRequest = z.input<typeof TurnOffTwoStepRequestSchema>;
