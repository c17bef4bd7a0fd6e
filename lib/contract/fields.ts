import { z } from 'zod';
import { isEmailAddress, limits, messageKey } from './limits';

export { isEmailAddress, limits, messageKey, parseMessageKey, trimToEmpty, trimToNull } from './limits';

const minLength = (min: number) => messageKey('minLength', { min });
const maxLength = (max: number) => messageKey('maxLength', { max });

export const text = () => z.string().trim();

export const requiredText = (max: number, required = 'required') => text().min(1, required).max(max, maxLength(max));
export const optionalText = (max: number) => text().max(max, maxLength(max));

/** Login and sign-up user name (spec §5). */
export const accountEmail = (required = 'required') =>
  text()
    .min(1, required)
    .min(limits.emailMin, minLength(limits.emailMin))
    .refine(isEmailAddress, 'emailFormat')
    .max(limits.email, maxLength(limits.email))
    .transform((value) => value.toLowerCase());

/** Any password the user types to prove who they are. */
export const currentPassword = () =>
  text().min(1, 'required').min(limits.passwordMin, minLength(limits.passwordMin)).max(limits.password, maxLength(limits.password));

/** A password being chosen: sign-up and change password (spec §5). */
export const newPassword = () =>
  currentPassword()
    .regex(/[A-Z]/, 'passwordUppercase')
    .regex(/[a-z]/, 'passwordLowercase')
    .regex(/[0-9]/, 'passwordNumber');

export const verificationCode = () => text().max(limits.code, maxLength(limits.code));
