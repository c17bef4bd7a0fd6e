import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { brand } from '../../lib/config';
import type { BackendConfig } from '../config';
import { privateFolder } from '../private-folder';

interface OutgoingMail {
  id: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'files';
  send(mail: OutgoingMail): Promise<void>;
}

const message = (mail: OutgoingMail, fromAddress: string) => ({
  from: `"${brand.product}" <${fromAddress}>`,
  to: mail.to,
  replyTo: mail.replyTo ?? undefined,
  subject: mail.subject,
  text: mail.text,
  html: mail.html ?? undefined,
  attachments: mail.attachments,
});

/** How long a mail server may take to accept the connection, greet, and answer each step. */
const smtpTimeoutsMs = { connection: 10_000, greeting: 10_000, socket: 20_000 };

/** SMTP when SMTP_URL is set; otherwise .eml files in the data folder (development). */
export function createMailer(options: {
  smtpUrl?: string;
  mailDir: string;
  /** The sender and the Message-ID domain (MAIL_FROM, MAIL_MESSAGE_ID_DOMAIN). */
  mail: Pick<BackendConfig['mail'], 'from' | 'messageIdDomain'>;
  timeoutsMs?: typeof smtpTimeoutsMs;
}): Mailer {
  if (options.smtpUrl) {
    const url = new URL(options.smtpUrl);
    // A loopback server without TLS (tests, a local relay) must not be asked for STARTTLS.
    const local = url.protocol === 'smtp:' && ['127.0.0.1', 'localhost', '::1'].includes(url.hostname);
    const timeouts = options.timeoutsMs ?? smtpTimeoutsMs;
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      ignoreTLS: local,
      connectionTimeout: timeouts.connection,
      greetingTimeout: timeouts.greeting,
      socketTimeout: timeouts.socket,
    });
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ ...message(mail, options.mail.from), messageId: `<${mail.id}@${options.mail.messageIdDomain}>` });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'files',
    async send(mail) {
      const info = await transport.sendMail(message(mail, options.mail.from));
      privateFolder(options.mailDir);
      // Written whole or not at all: a full disk leaves no empty or cut-off mail behind.
      const file = path.join(options.mailDir, `${Date.now()}-${mail.id}.eml`);
      try {
        await fs.promises.writeFile(`${file}.partial`, info.message as Buffer);
        await fs.promises.rename(`${file}.partial`, file);
      } catch (error) {
        await fs.promises.rm(`${file}.partial`, { force: true });
        throw error;
      }
    },
  };
}
