import { and, eq, ne, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { sessions, users } from '../../db/schema';
import { staffIdleMs } from '../../../lib/contract/admin';
import { randomToken, sha256 } from '../platform/crypto';

export const sessionLifetimeMs = 30 * 24 * 60 * 60_000;

export interface ActiveSession {
  tokenHash: string;
  xsrfToken: string;
  lastSeenAt: Date;
  /** Staff: when this session passed the second factor. */
  secondFactorAt: Date | null;
  /** Staff: when the password was last confirmed in this session. */
  passwordConfirmedAt: Date | null;
  user: typeof users.$inferSelect;
}

/** A session of an account with a staff role. */
export type StaffSession = ActiveSession & { user: ActiveSession['user'] & { role: NonNullable<ActiveSession['user']['role']> } };

export interface IssuedSession {
  token: string;
  xsrfToken: string;
  expiresAt: Date;
}

type Writer = Pick<Db, 'insert' | 'delete' | 'update' | 'select'>;

export async function createSession(db: Writer, clock: Clock, userId: string): Promise<IssuedSession> {
  const token = randomToken();
  const xsrfToken = randomToken(24);
  const expiresAt = new Date(clock.now().getTime() + sessionLifetimeMs);
  await db.insert(sessions).values({ tokenHash: sha256(token), userId, xsrfToken, expiresAt, lastSeenAt: clock.now() });
  return { token, xsrfToken, expiresAt };
}

/**
 * The live session of a cookie token, with its user; null when unknown, expired, unused for
 * `idleMs` or erased.
 */
export async function findSession(db: Db, clock: Clock, token: string, idleMs: number): Promise<ActiveSession | null> {
  const tokenHash = sha256(token);
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash));
  const now = clock.now().getTime();
  // Staff sessions reach the console, so they end sooner when left alone.
  const idleLimit = row?.user.role ? Math.min(idleMs, staffIdleMs) : idleMs;
  if (!row || row.session.expiresAt.getTime() <= now || row.session.lastSeenAt.getTime() + idleLimit <= now || row.user.erasedAt)
    return null;
  if (row.user.suspendedAt) return null;
  const { tokenHash: hash, xsrfToken, lastSeenAt, secondFactorAt, passwordConfirmedAt } = row.session;
  return { tokenHash: hash, xsrfToken, lastSeenAt, secondFactorAt, passwordConfirmedAt, user: row.user };
}

// Recording every call would write on every request; a minute's precision is enough.
const lastSeenPrecisionMs = 60_000;

/** Records that the session was used now, at most about once a minute. */
export async function markSessionUsed(db: Writer, clock: Clock, session: ActiveSession): Promise<void> {
  const now = clock.now();
  if (now.getTime() - session.lastSeenAt.getTime() < lastSeenPrecisionMs) return;
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, session.tokenHash));
}

/** Keeps the language the customer last used, for the mail that reaches them later. */
export async function rememberLanguage(db: Writer, session: ActiveSession, language: string): Promise<void> {
  if (session.user.language === language) return;
  await db.update(users).set({ language }).where(eq(users.id, session.user.id));
}

export async function revokeSession(db: Writer, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function revokeUserSessions(db: Writer, userId: string, except?: string): Promise<void> {
  await db.delete(sessions).where(except ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, except)) : eq(sessions.userId, userId));
}

/**
 * Takes one password try of a session before the password is checked, in one statement, so
 * parallel requests cannot all use the same count. Returns the tries taken, or null when the
 * session is gone.
 */
export async function takePasswordTry(db: Writer, tokenHash: string): Promise<number | null> {
  const [row] = await db
    .update(sessions)
    .set({ wrongPasswordCount: sql`${sessions.wrongPasswordCount} + 1` })
    .where(eq(sessions.tokenHash, tokenHash))
    .returning({ tries: sessions.wrongPasswordCount });
  return row?.tries ?? null;
}

export async function clearPasswordTries(db: Writer, tokenHash: string): Promise<void> {
  await db.update(sessions).set({ wrongPasswordCount: 0 }).where(eq(sessions.tokenHash, tokenHash));
}
