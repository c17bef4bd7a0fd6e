import { and, eq, gt } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { knownDevices } from '../../db/schema';
import { randomToken, sha256 } from '../platform/crypto';

/** How long a browser stays known after its last login: the `device` cookie's lifetime too. */
export const knownDeviceLifetimeMs = 180 * 24 * 60 * 60_000;

/** Whether the browser's `device` token is one `userId` logged in from lately. */
export async function isKnownDevice(db: Pick<Db, 'select'>, clock: Clock, userId: string, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const since = new Date(clock.now().getTime() - knownDeviceLifetimeMs);
  const [row] = await db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .where(and(eq(knownDevices.tokenHash, sha256(token)), eq(knownDevices.userId, userId), gt(knownDevices.lastSeenAt, since)));
  return Boolean(row);
}

/**
 * After a login: the browser's token is seen again, or a new one is issued for its cookie.
 * Answers the token to set (the same one when it was known).
 */
export async function rememberDevice(db: Pick<Db, 'insert'>, clock: Clock, userId: string, known: string | undefined): Promise<string> {
  const token = known ?? randomToken();
  await db
    .insert(knownDevices)
    .values({ tokenHash: sha256(token), userId, createdAt: clock.now(), lastSeenAt: clock.now() })
    .onConflictDoUpdate({ target: knownDevices.tokenHash, set: { lastSeenAt: clock.now() } });
  return token;
}
