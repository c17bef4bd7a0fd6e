import { z } from 'zod';
import { isEmailAddress, limits, messageKey } from './limits';

export { isEmailAddress, limits, messageKey, parseMessageKey, trimToEmpty, trimToNull } from './limits';

const minLength = (min: number) => messageKey('minLength', { min });
const maxLength = (max: number) => messageKey('maxLength', { max });

// Issues without a rule of ours still carry a message key, so no answer or form shows zod's English.
z.config({ customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'required' : 'invalidValue') });

/**
 * No control characters (tabs and line breaks aside) and no lone surrogates: nobody types them,
 * the database refuses NUL, and a lone surrogate would be stored as a different character.
 */
const typedCharacters = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\p{Cs}]*$/u;

/** Every text field of a request: trimmed, only characters a person can type; a missing one says `required`. */
export const text = (required = 'required') =>
  z.string({ error: (issue) => (issue.input === undefined ? required : undefined) }).trim().regex(typedCharacters, 'invalidCharacters');

export const requiredText = (max: number, required = 'required') => text(required).min(1, required).max(max, maxLength(max));
export const optionalText = (max: number) => text().max(max, maxLength(max));

/** Login and sign-up user name (spec §5). */
export const accountEmail = (required = 'required') =>
  text(required)
    // One address, one spelling: é typed as one character or as e + accent is the same login.
    .normalize('NFC')
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
