import { and, isNotNull, lte, or } from 'drizzle-orm';
import type { BackendDeps } from '../../deps';
import { emailRestores, outbox, rateLimits, sessions, staffNotifications, verificationCodes } from '../../db/schema';
import { limits } from './rate-limit';

const day = 24 * 60 * 60_000;

/**
 * How long short-lived records stay once they are of no more use. The privacy policy's data
 * retention section says the same (messages/legal: "sessions, codes, …"); change both together.
 */
export const retention = {
  /** Expired or idle sessions, codes and restore links past their expiry. */
  expiredMs: day,
  /** A sent mail: its text holds codes and personal data. */
  sentMailMs: 7 * day,
  /** A mail given up after its last attempt, left for the operator to look into. */
  failedMailMs: 30 * day,
} as const;

const longestThrottleWindowMs = Math.max(...Object.values(limits).map((limit) => limit.windowMs));

/** Deletes what the retention rules no longer keep; runs as a job on every backend (deletes are idempotent). */
export async function purgeExpiredRecords({ db, clock, config, logger }: BackendDeps): Promise<number> {
  const now = clock.now().getTime();
  const before = (ms: number) => new Date(now - ms);
  const deleted = await db.transaction(async (tx) => {
    const deletions = [
      () =>
        tx
          .delete(sessions)
          .where(
            or(
              lte(sessions.expiresAt, before(retention.expiredMs)),
              lte(sessions.lastSeenAt, before(config.sessionIdleMs + retention.expiredMs)),
            ),
          )
          .returning({ id: sessions.tokenHash }),
      () =>
        tx
          .delete(verificationCodes)
          .where(lte(verificationCodes.expiresAt, before(retention.expiredMs)))
          .returning({ id: verificationCodes.id }),
      () =>
        tx
          .delete(emailRestores)
          .where(or(lte(emailRestores.expiresAt, before(retention.expiredMs)), lte(emailRestores.usedAt, before(retention.expiredMs))))
          .returning({ id: emailRestores.tokenHash }),
      // A counter whose window closed long ago limits nothing any more.
      () =>
        tx
          .delete(rateLimits)
          .where(lte(rateLimits.windowStart, before(longestThrottleWindowMs + retention.expiredMs)))
          .returning({ id: rateLimits.key }),
      () =>
        tx
          .delete(outbox)
          .where(
            or(
              lte(outbox.sentAt, before(retention.sentMailMs)),
              and(isNotNull(outbox.failedAt), lte(outbox.failedAt, before(retention.failedMailMs))),
            ),
          )
          .returning({ id: outbox.id }),
      // A staff member's event, once mailed, lives on only in that mail.
      () =>
        tx
          .delete(staffNotifications)
          .where(lte(staffNotifications.mailedAt, before(retention.sentMailMs)))
          .returning({ id: staffNotifications.id }),
    ];
    const counts: number[] = [];
    for (const deletion of deletions) counts.push((await deletion()).length);
    return counts;
  });
  const [expiredSessions, codes, restoreLinks, throttleCounters, mail, staffMail] = deleted;
  const total = deleted.reduce((sum, count) => sum + count, 0);
  if (total) logger.info('expired records deleted', { sessions: expiredSessions, codes, restoreLinks, throttleCounters, mail, staffMail });
  return total;
}
