// The field rules' plain parts: lengths, message keys, the email check and the trim helpers.
// Free of zod, so forms can show limits and messages without loading the schema library.

/** Field lengths and counts (spec §5 and §9, then the API's own bounds): the one place they are written. */
export const limits = {
  fullName: 30,
  email: 50,
  emailMin: 6,
  phone: 20,
  message: 1000,
  password: 40,
  passwordMin: 8,
  displayName: 25,
  code: 6,
  billingName: 50,
  address1: 50,
  address2: 25,
  city: 50,
  postalCode: 50,
  quantityMax: 100,
  // Not in the spec: the API's own bounds.
  stateCode: 10,
  countryCode: 2,
  offerKey: 100,
  cartLines: 50,
  clientSecret: 200,
  paymentSessionId: 255,
  // The manual provider's test card form.
  cardDigitsMin: 12,
  cardDigits: 19,
  /** 19 digits in groups of four, with a space or dash between groups. */
  cardNumberTyped: 23,
  /** "MM / YY". */
  expiryTyped: 7,
  cvcDigitsMin: 3,
  cvcDigits: 4,
} as const;

/**
 * Schemas carry message keys of the `validation` namespace; a key with parameters is
 * written "minLength?min=6". The forms and the API (in the caller's language) translate them.
 */
export function messageKey(key: string, params?: Record<string, number>): string {
  return params ? `${key}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}` : key;
}

export function parseMessageKey(message: string): { key: string; params: Record<string, number> } {
  const [key, query] = message.split('?');
  const params: Record<string, number> = {};
  for (const [name, value] of new URLSearchParams(query ?? '')) params[name] = Number(value);
  return { key, params };
}

/**
 * Local part and domain labels without spaces or the characters that quote, group or list
 * addresses in a mail header ("x<y>,z@…" would reach two other recipients).
 */
const emailPattern = /^[^\s@"(),:;<>[\]\\]+@[^\s@."(),:;<>[\]\\]+(\.[^\s@."(),:;<>[\]\\]+)+$/;

/** Spec §5: a valid address has at most 254 characters and a local part of at most 64. */
export function isEmailAddress(value: string): boolean {
  if (value.length > 254) return false;
  // Invisible and control characters (bidi overrides, lone surrogates) make look-alike addresses.
  if (/\p{C}/u.test(value)) return false;
  const at = value.lastIndexOf('@');
  if (at < 1 || at > 64) return false;
  return emailPattern.test(value) && !value.includes('..');
}

/** Spec §5 helpers: trimmed text, '' for empty input; or null when nothing is left. */
export const trimToEmpty = (value: string | null | undefined): string => (value ?? '').trim();
export const trimToNull = (value: string | null | undefined): string | null => trimToEmpty(value) || null;
