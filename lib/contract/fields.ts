import { z } from 'zod';
import { canonicalEmail, isEmailAddress, limits, messageKey } from './limits';

export { canonicalEmail, limits, messageKey, parseMessageKey, trimToEmpty, trimToNull } from './limits';

const minLength = (min: number) => messageKey('minLength', { min });
const maxLength = (max: number) => messageKey('maxLength', { max });

/**
 * What a value of the wrong JSON type is told, by the type the contract expected. (zod also
 * reports a fraction where a whole number belongs as "expected int": that is a number, so it
 * stays an invalid value.)
 */
const wrongTypeKeys: Partial<Record<string, string>> = {
  string: 'expectedText',
  number: 'expectedNumber',
  boolean: 'expectedTrueOrFalse',
  array: 'expectedList',
  object: 'expectedObject',
};

// Issues without a rule of ours still carry a message key, so no answer or form shows zod's English.
z.config({
  customError: (issue) => {
    if (issue.code !== 'invalid_type') return 'invalidValue';
    return issue.input === undefined ? 'required' : (wrongTypeKeys[issue.expected] ?? 'invalidValue');
  },
});

/**
 * No control characters (C0 and C1) and no lone surrogates: nobody types them, the database
 * refuses NUL, and a lone surrogate would be stored as a different character. One line of text
 * also has no tabs or line breaks of any kind (U+0085, U+2028 and U+2029 too), which would fake
 * extra lines in a mail ("Name: Jo\r\nBcc: …") or an invoice, and no bidirectional overrides
 * or isolates, which would show its text reordered.
 */
const oneLineCharacters = /^[^\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069\p{Cs}]*$/u;
const multiLineCharacters = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\p{Cs}]*$/u;

/** Text of a request: trimmed, only characters a person can type; a missing one says `required`. */
const typedText =
  (characters: RegExp) =>
  (required = 'required') =>
    z
      .string({ error: (issue) => (issue.input === undefined ? required : undefined) })
      .trim()
      .regex(characters, 'invalidCharacters');

/** One line: every text field but those below. */
export const text = typedText(oneLineCharacters);
/** The support message, and passwords: only ever hashed, and a narrower rule could lock out an account. */
export const multiLineText = typedText(multiLineCharacters);

/** Something a reader can see: a text of only invisible characters (U+200B…) is as empty as spaces. */
const visible = /[\p{L}\p{N}\p{P}\p{S}]/u;

export const requiredText = (max: number, required = 'required', field = text) =>
  field(required)
    .min(1, required)
    .refine((value) => visible.test(value), required)
    .max(max, maxLength(max));
export const optionalText = (max: number) => text().max(max, maxLength(max));

/** An email field's messages; the contact form words its own and has no minimum length (docs/product/validation.md#contact-form). */
interface EmailRules {
  required: string;
  format: string;
  min?: number;
}

/**
 * Login and sign-up user name (docs/product/validation.md#login, docs/product/validation.md#sign-up), or with other rules the contact form's address: every
 * field naming an account or a mailbox. Its value is the canonical form (canonicalEmail), and
 * the lengths and the format judge that form, which is the one stored and mailed to.
 */
export const accountEmail = (
  { required, format, min }: EmailRules = { required: 'required', format: 'emailFormat', min: limits.emailMin },
) => {
  const present = text(required).overwrite(canonicalEmail).min(1, required);
  return (min ? present.min(min, minLength(min)) : present).refine(isEmailAddress, format).max(limits.email, maxLength(limits.email));
};

/** Any password the user types to prove who they are. */
export const currentPassword = () =>
  multiLineText()
    .min(1, 'required')
    .min(limits.passwordMin, minLength(limits.passwordMin))
    .max(limits.password, maxLength(limits.password));

/** A password being chosen: sign-up and change password (docs/product/validation.md#sign-up, docs/product/validation.md#settings-forms). */
export const newPassword = () =>
  currentPassword().regex(/[A-Z]/, 'passwordUppercase').regex(/[a-z]/, 'passwordLowercase').regex(/[0-9]/, 'passwordNumber');

/** The password typed again: compared with the password, so only required. */
export const repeatedPassword = () => multiLineText().min(1, 'required');

/** The token of a link mailed to the account (email restore, password reset). */
export const linkToken = () => text().min(1, 'required').max(limits.linkToken, maxLength(limits.linkToken));

export const verificationCode = () => text().max(limits.code, maxLength(limits.code));
