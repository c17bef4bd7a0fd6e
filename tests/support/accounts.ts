// Accounts and mailed codes for all three test runners (api, components, e2e). Plain TypeScript
// with no runner, DOM or alias imports, so Jest (node and jsdom) and Playwright all load it.
import { fetchResending } from './resend';

/** A password that meets the sign-up rules (8+ characters, upper and lower case, a digit). */
export const strongPassword = 'Bluebonnet2025';

/** A fresh address per test, so tests never share an account on a shared backend. */
export const uniqueEmail = (label = 'user') => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e9)}@example.com`;

/** The verification code in a mail's text (codes are six of A–Z and 2–9), or null. */
export function verificationCodeIn(text: string | undefined): string | null {
  return text?.match(/\b([A-Z2-9]{6})\b/)?.[1] ?? null;
}

/** A mail as the loopback mail sink's HTTP API lists it (tests/e2e/mail-sink-server.mjs). */
export interface SinkMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; base64: string }[];
  at: number;
}

/**
 * The mail the sink at `mailApi` received for an address, oldest first. `fetchWith` is Node's
 * fetch: the components' jsdom window has none of its own.
 */
export async function mailsTo(mailApi: string, address: string, fetchWith: typeof fetch = fetch): Promise<SinkMail[]> {
  const response = await fetchResending(`${mailApi}/mails?to=${encodeURIComponent(address)}`, undefined, fetchWith);
  return (await response.json()) as SinkMail[];
}
