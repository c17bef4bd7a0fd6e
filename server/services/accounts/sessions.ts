import { and, desc, eq, gt, isNotNull, ne, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { preparedStatement } from '../../db/prepared';
import { sessions, users } from '../../db/schema';
import { staffIdleMs } from '../../../lib/contract/admin';
import type { AccountSession } from '../../../lib/contract/user';
import { ApiError } from '../../errors';
import { randomToken, sha256 } from '../platform/crypto';
import { describeUserAgent } from './user-agent';

export const sessionLifetimeMs = 30 * 24 * 60 * 60_000;

export interface ActiveSession {
  tokenHash: string;
  xsrfToken: string;
  lastSeenAt: Date;
  /** When this session passed the second factor (staff in the console, customers with two-step sign-in at login). */
  secondFactorAt: Date | null;
  /** Staff: when the password was last confirmed in this session. */
  passwordConfirmedAt: Date | null;
  user: typeof users.$inferSelect;
}

/** Customers with two-step sign-in give its code at login; staff give it in the console instead. */
export const asksCodeAtLogin = (user: Pick<ActiveSession['user'], 'role' | 'totpEnabledAt'>) => !user.role && user.totpEnabledAt !== null;

/**
 * A session whose password was right but whose login code is still owed: it counts as no
 * session at all, except to the call that checks the code (docs/product/accounts.md#two-step-sign-in).
 */
export const awaitsLoginCode = (session: ActiveSession) => asksCodeAtLogin(session.user) && !session.secondFactorAt;

/** A session of an account with a staff role. */
export type StaffSession = ActiveSession & { user: ActiveSession['user'] & { role: NonNullable<ActiveSession['user']['role']> } };

export interface IssuedSession {
  token: string;
  xsrfToken: string;
  expiresAt: Date;
}

type Writer = Pick<Db, 'insert' | 'delete' | 'update' | 'select'>;

/** Real ones are a few hundred characters; the rest of a longer one names nothing more. */
const storedUserAgentLength = 512;

/** Where a sign-in came from, shown to the owner in the session lists: the browser's User-Agent (none outside a browser) and the client's address. */
export interface SessionClient {
  userAgent?: string;
  address?: string;
}

/** A new session for this client. */
export async function createSession(db: Writer, clock: Clock, userId: string, client: SessionClient): Promise<IssuedSession> {
  const token = randomToken();
  const xsrfToken = randomToken(24);
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + sessionLifetimeMs);
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    userId,
    userAgent: client.userAgent?.slice(0, storedUserAgentLength) || null,
    clientAddress: client.address ?? null,
    xsrfToken,
    expiresAt,
    createdAt: now,
    lastSeenAt: now,
  });
  return { token, xsrfToken, expiresAt };
}

/** How long a session of this user may go unused: staff sessions reach the console, so they end sooner. */
export const idleLimitOf = (user: Pick<typeof users.$inferSelect, 'role'>, idleMs: number) =>
  user.role ? Math.min(idleMs, staffIdleMs) : idleMs;

/** The sessions that have neither expired nor gone unused for `idleLimit` at `now`. */
export const liveAt = (now: Date, idleLimit: number) =>
  and(gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, new Date(now.getTime() - idleLimit)));

/** The sessions of this account that calls accept: live, and past the login code where one is asked. */
const usableSessionsOf = (session: ActiveSession, now: Date, idleMs: number) =>
  and(
    eq(sessions.userId, session.user.id),
    liveAt(now, idleLimitOf(session.user, idleMs)),
    asksCodeAtLogin(session.user) ? isNotNull(sessions.secondFactorAt) : undefined,
  );

const sessionByTokenHash = preparedStatement((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('session_by_token_hash'),
);

/**
 * The live session of a cookie token, with its user; null when unknown, expired, unused for
 * `idleMs` or erased.
 */
export async function findSession(db: Db, clock: Clock, token: string, idleMs: number): Promise<ActiveSession | null> {
  const [row] = await sessionByTokenHash(db).execute({ tokenHash: sha256(token) });
  const now = clock.now().getTime();
  if (!row) return null;
  const idleLimit = idleLimitOf(row.user, idleMs);
  if (row.session.expiresAt.getTime() <= now || row.session.lastSeenAt.getTime() + idleLimit <= now || row.user.erasedAt) return null;
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

/** Where a session is used from: browser and system read from its User-Agent, and the client's address at sign-in. */
export function deviceOf(row: Pick<typeof sessions.$inferSelect, 'userAgent' | 'clientAddress'>) {
  const { browser, system } = describeUserAgent(row.userAgent);
  return { Browser: browser, System: system, ClientAddress: row.clientAddress };
}

/**
 * The sessions of the caller's account that calls accept (a login still owing its code is
 * none), this one first,
 * then the latest used. Each is named by its id; browser and system come from the User-Agent.
 */
export async function listAccountSessions(db: Db, clock: Clock, session: ActiveSession, idleMs: number): Promise<AccountSession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(usableSessionsOf(session, clock.now(), idleMs))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  const listed = rows.map((row) => ({
    Id: row.id,
    ...deviceOf(row),
    CreatedDate: row.createdAt.toISOString(),
    LastSeenDate: row.lastSeenAt.toISOString(),
    Current: row.tokenHash === session.tokenHash,
  }));
  return [...listed.filter((row) => row.Current), ...listed.filter((row) => !row.Current)];
}

/**
 * Ends another live session of the caller's account. One of another account, an ended one and
 * an unknown id get the same 404, so ids of other accounts reveal nothing; the caller's own
 * session ends by logging out instead.
 */
export async function revokeOwnSession(db: Db, clock: Clock, session: ActiveSession, id: string, idleMs: number): Promise<void> {
  const [target] = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(and(eq(sessions.id, id), usableSessionsOf(session, clock.now(), idleMs)));
  if (!target) throw new ApiError(404, { key: 'sessionNotFound' });
  if (target.tokenHash === session.tokenHash) throw new ApiError(400, { key: 'currentSessionNotRevocable' });
  await revokeSession(db, target.tokenHash);
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
