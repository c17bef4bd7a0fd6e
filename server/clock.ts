import { sql } from 'drizzle-orm';
import type { Db } from './db/database';

/** Time as the backend sees it; tests move it to check expiry and grace periods. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * The database's time, kept as an offset from this process's clock: renewals, sessions and
 * retention then go by one clock on every backend, even one whose own clock is off. The offset
 * is measured at start, every minute and at each readiness check (`observe`).
 */
export class DatabaseClock implements Clock {
  /** How far the database's clock is ahead of this process's (negative: behind). */
  offsetMs = 0;

  constructor(private readonly localNow: () => number = Date.now) {}

  now(): Date {
    return new Date(this.localNow() + this.offsetMs);
  }

  /** Runs `read`, which answers the database's now(), and takes the offset from the middle of the round trip. */
  async observe(read: () => Promise<Date>): Promise<number> {
    const sentAt = this.localNow();
    const databaseNow = await read();
    const receivedAt = this.localNow();
    this.offsetMs = databaseNow.getTime() - (sentAt + receivedAt) / 2;
    return this.offsetMs;
  }

  sync(db: Db): Promise<number> {
    return this.observe(async () => {
      // Both drivers answer { rows }; Drizzle types execute's result per driver, unknown here.
      const result = (await db.execute(sql`select now() as now`)) as unknown as { rows: { now: Date | string }[] };
      return new Date(result.rows[0].now);
    });
  }
}
