import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { rateLimits } from '../../db/schema';
import { ApiError } from '../../errors';
import type { ApiMessageKey } from '../../i18n';

export interface Limit {
  /** How many hits the window allows. */
  max: number;
  windowMs: number;
}

export const limits = {
  loginFailuresPerAccountAndIp: { max: 5, windowMs: 15 * 60_000 },
  loginFailuresPerAccount: { max: 50, windowMs: 15 * 60_000 },
  loginPerIp: { max: 30, windowMs: 15 * 60_000 },
  codesPerAddress: { max: 5, windowMs: 60 * 60_000 },
  codesPerIp: { max: 20, windowMs: 60 * 60_000 },
  supportPerIp: { max: 10, windowMs: 10 * 60_000 },
  /** Support messages from all senders together: a flood from many addresses stops here, and the owners are told. */
  supportAllSenders: { max: 200, windowMs: 60 * 60_000 },
  /** Tries of mailed links (email restore, password reset): a token is far too long to guess, so this only stops floods. */
  linkTriesPerIp: { max: 10, windowMs: 15 * 60_000 },
  /** Password-reset mails, like verification codes: each is a mail to someone's inbox. */
  resetsPerAddress: { max: 5, windowMs: 60 * 60_000 },
  resetsPerIp: { max: 20, windowMs: 60 * 60_000 },
  /** Checkouts started per customer: each may be a call to the payment provider. */
  checkoutsPerCustomer: { max: 20, windowMs: 10 * 60_000 },
  /** Copies of an account's data, JSON and ZIP together: a ZIP may render every invoice's PDF. */
  dataExportsPerAccount: { max: 10, windowMs: 60 * 60_000 },
  /** Licence key checks (docs/apps.md): an app checks a key when it is entered, so a flood is someone guessing. */
  licenseChecksPerIp: { max: 60, windowMs: 60_000 },
  /** Wrong second-factor codes per account (console, login, settings): a six-digit code must not be guessable. */
  secondFactorFailures: { max: 5, windowMs: 15 * 60_000 },
} satisfies Record<string, Limit>;

export class RateLimiter {
  /** `scale` multiplies every limit: the e2e suite logs in many times from one address. */
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly scale = 1,
  ) {}

  /** Counts one hit; answers 429 (with Retry-After) once the window is used up, else the hits left. */
  async hit(key: string, limit: Limit, message: ApiMessageKey): Promise<number> {
    const now = this.clock.now();
    const windowOpen = new Date(now.getTime() - limit.windowMs);
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, windowStart: now, count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.windowStart} <= ${windowOpen.toISOString()} then 1 else ${rateLimits.count} + 1 end`,
          windowStart: sql`case when ${rateLimits.windowStart} <= ${windowOpen.toISOString()} then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
        },
      })
      .returning();
    if (row.count > limit.max * this.scale) this.refuse(row.windowStart, limit, now, message);
    return limit.max * this.scale - row.count;
  }

  /** Refuses when the window is already used up, without counting (for failure-only limits). */
  async check(key: string, limit: Limit, message: ApiMessageKey): Promise<void> {
    const [row] = await this.db.select().from(rateLimits).where(eq(rateLimits.key, key));
    const now = this.clock.now();
    if (row && row.count >= limit.max * this.scale && row.windowStart.getTime() > now.getTime() - limit.windowMs) {
      this.refuse(row.windowStart, limit, now, message);
    }
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, key));
  }

  private refuse(windowStart: Date, limit: Limit, now: Date, message: ApiMessageKey): never {
    const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + limit.windowMs - now.getTime()) / 1000));
    throw new ApiError(429, { key: message }, { headers: { 'Retry-After': String(retryAfter) } });
  }
}
