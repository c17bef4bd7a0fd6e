import { expect } from '@playwright/test';
import { mailsTo as mailsInSink, verificationCodeIn, type SinkMail } from '../support/accounts';

export { uniqueEmail } from '../support/accounts';

const mailApi = () => `http://127.0.0.1:${process.env.E2E_MAIL_API_PORT}`;

export const mailsTo = (address: string): Promise<SinkMail[]> => mailsInSink(mailApi(), address);

/** Waits until an address holds this many mails of a subject (sent by the site's mail job within moments), and returns them. */
export async function waitForMails(address: string, subject: RegExp, count: number): Promise<SinkMail[]> {
  let found: SinkMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address)).filter((mail) => subject.test(mail.subject));
        return found.length;
      },
      { timeout: 15_000 },
    )
    .toBe(count);
  return found;
}

/** Waits for the next mail to an address (the site's mail job sends within moments) and returns its code. */
export async function waitForCode(address: string, after = 0): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        code = verificationCodeIn((await mailsTo(address)).filter((mail) => mail.at > after).at(-1)?.text) ?? '';
        return code;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return code;
}
