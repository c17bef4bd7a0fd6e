import { and, asc, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { brand } from '../../lib/config';
import type { Clock } from '../clock';
import type { BackendConfig } from '../config';
import type { Db } from '../db/database';
import { outbox, type MailAttachmentRef } from '../db/schema';
import type { BackendDeps } from '../deps';
import type { ApiLanguage } from '../services/platform/language';
import { attachmentsOf } from './attachments';
import { renderEmail, type EmailKind, type EmailValues } from './templates';

export type DbOrTx = Pick<Db, 'insert'>;

/** The origin of every link in mail: the configured public one (SITE_URL; `npm start` sets it). */
export const mailOrigin = (config: Pick<BackendConfig, 'siteUrl'>) => config.siteUrl ?? brand.siteUrl;

export interface MailToQueue<K extends EmailKind> {
  to: string;
  kind: K;
  language: ApiLanguage;
  values: EmailValues<K>;
  replyTo?: string;
  /** The event the mail tells of: however often it is reported, one mail is queued. */
  eventKey?: string;
  attachment?: MailAttachmentRef;
}

/**
 * Renders a mail and stores it for the sender job; call inside the transaction that makes it
 * true. Answers false when a mail for the same event was queued before.
 */
export async function queueMail<K extends EmailKind>(
  db: DbOrTx,
  deps: { clock: Clock; config: Pick<BackendConfig, 'siteUrl'> },
  mail: MailToQueue<K>,
): Promise<boolean> {
  const rendered = await renderEmail(mail.kind, mail.language, mail.values, mailOrigin(deps.config));
  const now = deps.clock.now();
  const queued = await db
    .insert(outbox)
    .values({
      recipient: mail.to,
      subject: rendered.subject,
      body: rendered.text,
      html: rendered.html,
      replyTo: mail.replyTo,
      attachment: mail.attachment,
      eventKey: mail.eventKey,
      createdAt: now,
      sendAfter: now,
    })
    .onConflictDoNothing({ target: outbox.eventKey })
    .returning({ id: outbox.id });
  return queued.length > 0;
}

export const maxAttempts = 12;
const backoffMs = (attempt: number) => Math.min(60 * 60_000, 5_000 * 2 ** attempt);
/** How long a claimed mail is left to its sender before another may try it (a sender that died). */
const claimMs = 5 * 60_000;

type Deps = Pick<BackendDeps, 'db' | 'mailer' | 'clock' | 'logger' | 'catalog'>;

/**
 * Takes the next due mail for this sender: claimed in a short transaction with FOR UPDATE SKIP
 * LOCKED (several backends never take the same one), counted as an attempt and put out of reach
 * of the others for a while. The sending itself holds no transaction, so a slow mail server
 * never holds the database (PGlite's only connection among others).
 */
async function claimNextMail({ db, clock }: Deps) {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const [mail] = await tx
      .select()
      .from(outbox)
      .where(and(isNull(outbox.sentAt), isNull(outbox.failedAt), lte(outbox.sendAfter, now)))
      .orderBy(asc(outbox.sendAfter))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!mail) return null;
    const attempts = mail.attempts + 1;
    await tx
      .update(outbox)
      .set({ attempts, sendAfter: new Date(now.getTime() + claimMs) })
      .where(eq(outbox.id, mail.id));
    return { ...mail, attempts };
  });
}

/**
 * Sends what is due, one mail at a time. A failure is retried later with back-off; after the
 * last attempt the mail is marked failed and logged as an error.
 */
export async function deliverDueMail(deps: Deps, batch = 20): Promise<number> {
  const { db, mailer, clock, logger } = deps;
  let sent = 0;
  for (let i = 0; i < batch; i++) {
    const mail = await claimNextMail(deps);
    if (!mail) break;
    try {
      await mailer.send({
        id: mail.id,
        to: mail.recipient,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.body,
        html: mail.html,
        attachments: await attachmentsOf(deps, mail.attachment),
      });
      // Sent mail keeps its subject for the operator, never its codes and links.
      await db.update(outbox).set({ sentAt: clock.now(), lastError: null, body: '', html: null }).where(eq(outbox.id, mail.id));
      sent++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (mail.attempts >= maxAttempts) {
        await db.update(outbox).set({ lastError: message, failedAt: clock.now() }).where(eq(outbox.id, mail.id));
        logger.error('mail failed: given up after the last attempt', { outboxId: mail.id, attempts: mail.attempts, error: message });
      } else {
        await db
          .update(outbox)
          .set({ lastError: message, sendAfter: new Date(clock.now().getTime() + backoffMs(mail.attempts - 1)) })
          .where(eq(outbox.id, mail.id));
        logger.warn('mail not sent, will retry', { outboxId: mail.id, attempts: mail.attempts, error: message });
      }
      break;
    }
  }
  return sent;
}

/**
 * After an outage (the mail server down, a wrong SMTP_URL fixed): mail given up, and mail
 * waiting out a pause after a failed attempt, become due now with its attempts counted afresh.
 * Mail being sent at this moment (claimed, no failure yet) is left to its sender. Answers how
 * many.
 */
export async function requeueMail(db: Db, clock: Clock): Promise<number> {
  const now = clock.now();
  const requeued = await db
    .update(outbox)
    .set({ failedAt: null, attempts: 0, sendAfter: now })
    .where(and(isNull(outbox.sentAt), or(isNotNull(outbox.failedAt), and(isNotNull(outbox.lastError), gt(outbox.sendAfter, now)))))
    .returning({ id: outbox.id });
  return requeued.length;
}
