import { sql } from 'drizzle-orm';
import { DatabaseClock, type Clock } from '../../clock';
import type { Db } from '../../db/database';
import { readinessProbes } from '../../db/schema';

/**
 * How far this host's clock may be from the database's. Renewals, sessions and retention go by
 * the database's clock anyway (DatabaseClock); beyond this the host's own time, in its logs,
 * cookies and TLS, is wrong enough that its clock needs fixing.
 */
export const clockSkewLimitMs = 5_000;

export type Readiness = { ready: true } | { ready: false; offsetMs: number };

/**
 * Whether this backend can serve: its database takes a write (one row, rewritten each time: a
 * database that answers reads but takes no writes, full or read-only, fails here), and this
 * host's clock is close to the database's. A database that fails is the caller's error.
 */
export async function checkReadiness(db: Db, clock: Clock): Promise<Readiness> {
  const write = async () => {
    const [row] = await db
      .insert(readinessProbes)
      .values({ id: 1, checkedAt: sql`now()` })
      .onConflictDoUpdate({ target: readinessProbes.id, set: { checkedAt: sql`now()` } })
      .returning({ checkedAt: readinessProbes.checkedAt });
    return row.checkedAt;
  };
  if (!(clock instanceof DatabaseClock)) {
    await write();
    return { ready: true };
  }
  const offsetMs = await clock.observe(write);
  return Math.abs(offsetMs) > clockSkewLimitMs ? { ready: false, offsetMs } : { ready: true };
}
