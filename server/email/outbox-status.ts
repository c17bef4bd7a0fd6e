import { count, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { outbox } from '../db/schema';

/**
 * The outbox as an operator sees it: mail still to be sent, mail given up, and how long the
 * oldest waiting mail has waited (by the database's clock, the one its rows were stamped with).
 */
export async function mailQueueCounts(db: Db): Promise<{ Waiting: number; Failed: number; OldestWaitingSeconds: number }> {
  const [row] = await db
    .select({
      waiting: count(),
      failed: count(outbox.failedAt),
      oldestWaitingSeconds: sql<
        string | null
      >`extract(epoch from now() - min(${outbox.createdAt}) filter (where ${outbox.failedAt} is null))`,
    })
    .from(outbox)
    .where(isNull(outbox.sentAt));
  return {
    Waiting: row.waiting - row.failed,
    Failed: row.failed,
    OldestWaitingSeconds: Math.max(0, Math.round(Number(row.oldestWaitingSeconds ?? 0))),
  };
}
