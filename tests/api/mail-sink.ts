import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { verificationCodeIn } from '../support/accounts';

interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  replyTo?: string;
  /** The From header as sent, and the Message-ID. */
  from: string;
  messageId: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
export async function startMailSink() {
  const received: ReceivedMail[] = [];
  let refuse = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      if (refuse) {
        stream.resume();
        callback(new Error('Mailbox unavailable (test)'));
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
          received.push({
            to: to?.value[0]?.address ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            attachments: mail.attachments.map((file) => ({
              filename: file.filename ?? '',
              contentType: file.contentType,
              content: file.content,
            })),
            replyTo: mail.replyTo?.value[0]?.address,
            from: mail.from?.text ?? '',
            messageId: mail.messageId ?? '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Simulates a mail server that rejects everything, until set back. */
    setRefusing(value: boolean) {
      refuse = value;
    },
    to(address: string) {
      return received.filter((mail) => mail.to === address);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MailSink = Awaited<ReturnType<typeof startMailSink>>;

/** The verification code in the latest mail to an address. */
export function codeFrom(sink: MailSink, address: string): string {
  const mails = sink.to(address);
  const code = verificationCodeIn(mails.at(-1)?.text);
  if (!code) throw new Error(`no code mailed to ${address}; got ${JSON.stringify(mails.map((m) => m.subject))}`);
  return code;
}
