import { and, asc, count, eq, isNull, lte } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { outbox } from '../db/schema';
import type { Logger } from '../logger';
import type { Mailer } from './mailer';
import type { RenderedEmail } from './templates';

export type DbOrTx = Pick<Db, 'insert'>;

/** Stores a mail for the sender job; call inside the transaction that makes it true. */
export async function enqueueMail(db: DbOrTx, clock: Clock, to: string, mail: RenderedEmail, replyTo?: string): Promise<void> {
  const now = clock.now();
  await db.insert(outbox).values({ recipient: to, subject: mail.subject, body: mail.body, replyTo, createdAt: now, sendAfter: now });
}

export const maxAttempts = 12;
const backoffMs = (attempt: number) => Math.min(60 * 60_000, 5_000 * 2 ** attempt);
/** How long a claimed mail is left to its sender before another may try it (a sender that died). */
const claimMs = 5 * 60_000;

type Deps = { db: Db; mailer: Mailer; clock: Clock; logger: Logger };

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
    await tx.update(outbox).set({ attempts, sendAfter: new Date(now.getTime() + claimMs) }).where(eq(outbox.id, mail.id));
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
      await mailer.send({ id: mail.id, to: mail.recipient, replyTo: mail.replyTo, subject: mail.subject, text: mail.body });
      await db.update(outbox).set({ sentAt: clock.now(), lastError: null }).where(eq(outbox.id, mail.id));
      sent++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (mail.attempts >= maxAttempts) {
        await db.update(outbox).set({ lastError: message, failedAt: clock.now() }).where(eq(outbox.id, mail.id));
        logger.error('mail failed: given up after the last attempt', { outboxId: mail.id, attempts: mail.attempts, error: message });
      } else {
        await db.update(outbox).set({ lastError: message, sendAfter: new Date(clock.now().getTime() + backoffMs(mail.attempts - 1)) }).where(eq(outbox.id, mail.id));
        logger.warn('mail not sent, will retry', { outboxId: mail.id, attempts: mail.attempts, error: message });
      }
      break;
    }
  }
  return sent;
}

/** The outbox as an operator sees it: mail still to be sent, and mail given up. */
export async function mailQueueCounts(db: Db): Promise<{ Waiting: number; Failed: number }> {
  const [row] = await db
    .select({ waiting: count(), failed: count(outbox.failedAt) })
    .from(outbox)
    .where(isNull(outbox.sentAt));
  return { Waiting: row.waiting - row.failed, Failed: row.failed };
}
