import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
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

const maxAttempts = 12;
const backoffMs = (attempt: number) => Math.min(60 * 60_000, 5_000 * 2 ** attempt);

/**
 * Sends what is due. Rows are claimed with FOR UPDATE SKIP LOCKED, so several backends can
 * run this at once without sending a mail twice; a failure is retried later with back-off.
 */
export async function deliverDueMail(deps: { db: Db; mailer: Mailer; clock: Clock; logger: Logger }, batch = 20): Promise<number> {
  const { db, mailer, clock, logger } = deps;
  let sent = 0;
  for (let i = 0; i < batch; i++) {
    const delivered = await db.transaction(async (tx) => {
      const [mail] = await tx
        .select()
        .from(outbox)
        .where(and(isNull(outbox.sentAt), lte(outbox.sendAfter, clock.now()), sql`${outbox.attempts} < ${maxAttempts}`))
        .orderBy(asc(outbox.sendAfter))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!mail) return null;
      try {
        await mailer.send({ id: mail.id, to: mail.recipient, replyTo: mail.replyTo, subject: mail.subject, text: mail.body });
        await tx.update(outbox).set({ sentAt: clock.now(), attempts: mail.attempts + 1, lastError: null }).where(eq(outbox.id, mail.id));
        return true;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await tx
          .update(outbox)
          .set({ attempts: mail.attempts + 1, lastError: message, sendAfter: new Date(clock.now().getTime() + backoffMs(mail.attempts)) })
          .where(eq(outbox.id, mail.id));
        logger.warn('mail not sent, will retry', { outboxId: mail.id, attempts: mail.attempts + 1, error: message });
        return false;
      }
    });
    if (delivered === null || delivered === false) break;
    sent++;
  }
  return sent;
}
