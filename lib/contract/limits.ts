// The field rules' plain parts: lengths, message keys, the email form and check, the trim helpers.
// Free of zod, so forms can show limits and messages without loading the schema library.

/** Field lengths and counts (docs/product/validation.md, then the API's own bounds): the one place they are written. */
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
  companyName: 100,
  taxId: 30,
  purchaseOrder: 50,
  quantityMax: 100,
  // The API's own bounds (docs/product/validation.md#bounds-of-the-apis-own).
  stateCode: 10,
  countryCode: 2,
  offerKey: 100,
  cartLines: 50,
  clientSecret: 200,
  paymentSessionId: 255,
  /** A mailed link's token: email restore, password reset (43 characters as issued). */
  linkToken: 100,
  // The manual provider's test card form.
  cardDigitsMin: 12,
  cardDigits: 19,
  /** 19 digits in groups of four, with a space or dash between groups. */
  cardNumberTyped: 23,
  /** "MM / YY". */
  expiryTyped: 7,
  cvcDigitsMin: 3,
  cvcDigits: 4,
  // The operator console.
  /** A recovery code typed with its dash and spaces around it. */
  secondFactorCode: 20,
  supportReply: 5000,
  refundReason: 200,
  customerNote: 2000,
  customerMessageSubject: 150,
  customerMessageBody: 5000,
  offerName: 60,
  offerText: 300,
  offerItems: 20,
  offerPath: 200,
  /** One million dollars, in cents. */
  offerPriceMax: 100_000_000,
  /** Ten million dollars, in cents: an order's amounts, tax included, stay within the database's 32-bit columns. */
  orderTotalMax: 1_000_000_000,
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

/** RFC 5321 domain labels: letters, digits and inner hyphens (an IDN's label is its xn-- form). */
const domainLabel = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** What the URL parser reads as the end of a host, or decodes (%41 is "A"): never part of a mail domain. */
const notInDomain = /[\s/?#%\\@:[\]]/;

/** A domain's ASCII form by IDNA (UTS #46), or null for one IDNA refuses. */
function idnaAscii(domain: string): string | null {
  if (!domain || notInDomain.test(domain)) return null;
  try {
    // The URL parser's host step is IDNA in every browser and in Node alike.
    return new URL(`http://${domain}`).hostname;
  } catch {
    return null;
  }
}

/**
 * docs/product/validation.md#how-fields-are-judged: a valid address has at most 254 characters and a local part of at most 64. Judges
 * the canonical form (canonicalEmail): the domain is ASCII labels that IDNA leaves as they
 * are (so no broken xn-- label), and its top level is not a number (an IP address).
 */
export function isEmailAddress(value: string): boolean {
  if (value.length > 254) return false;
  // Invisible and control characters (bidi overrides, lone surrogates) make look-alike addresses.
  if (/\p{C}/u.test(value)) return false;
  const at = value.lastIndexOf('@');
  if (at < 1 || at > 64) return false;
  if (!emailPattern.test(value) || value.includes('..')) return false;
  const domain = value.slice(at + 1);
  const labels = domain.split('.');
  return labels.every((label) => domainLabel.test(label)) && !/^[0-9]+$/.test(labels[labels.length - 1]) && idnaAscii(domain) === domain;
}

/**
 * One mailbox, one spelling: the form an address is compared, stored, throttled and mailed
 * in. NFKC (fullwidth and compatibility letters, é typed either way) and lower case, then the
 * domain through IDNA, as delivery maps it. An IDN domain is kept in its ASCII (xn--) form:
 * the only one the browser's URL parser gives, the one SMTP needs without SMTPUTF8, and
 * one form per domain for the unique index. Idempotent.
 */
export function canonicalEmail(value: string): string {
  const mapped = value.normalize('NFKC').toLowerCase();
  const at = mapped.lastIndexOf('@');
  if (at < 0) return mapped;
  const domain = mapped.slice(at + 1);
  // A domain IDNA refuses stays as typed, for isEmailAddress to refuse.
  return mapped.slice(0, at + 1) + (idnaAscii(domain) ?? domain);
}

/** Trim helpers (docs/product/validation.md#how-fields-are-judged): trimmed text, '' for empty input; or null when nothing is left. */
export const trimToEmpty = (value: string | null | undefined): string => (value ?? '').trim();
export const trimToNull = (value: string | null | undefined): string | null => trimToEmpty(value) || null;
