import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

// No 0/O, 1/I/L: a code is read from a mail and typed by hand.
const codeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Random characters of the no-lookalike alphabet: for codes and keys a person reads and types. */
export const readableCode = (length: number) => Array.from({ length }, () => codeAlphabet[randomInt(codeAlphabet.length)]).join('');

/** A 6-character verification code (docs/product/validation.md#sign-up). */
export const newVerificationCode = () => readableCode(6);
