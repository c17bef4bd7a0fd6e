import { expect } from '@playwright/test';

interface Mail {
  to: string;
  subject: string;
  text: string;
  at: number;
}

const mailApi = () => `http://127.0.0.1:${process.env.E2E_MAIL_API_PORT}`;

export async function mailsTo(address: string): Promise<Mail[]> {
  const response = await fetch(`${mailApi()}/mails?to=${encodeURIComponent(address)}`);
  return (await response.json()) as Mail[];
}

/** Waits for the next mail to an address (the site's mail job sends within moments) and returns its code. */
export async function waitForCode(address: string, after = 0): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const latest = (await mailsTo(address)).filter((mail) => mail.at > after).at(-1);
      code = latest?.text.match(/\b([A-Z2-9]{6})\b/)?.[1] ?? '';
      return code;
    }, { timeout: 15_000 })
    .not.toBe('');
  return code;
}

/** A fresh address per test, so tests never share an account. */
export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
