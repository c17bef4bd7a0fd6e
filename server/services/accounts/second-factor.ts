import { randomInt } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { brand } from '../../../lib/config';
import type { Enrolment } from '../../../lib/contract/second-factor';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { recoveryCodes, sessions, users } from '../../db/schema';
import type { BackendDeps } from '../../deps';
import { ApiError } from '../../errors';
import { sha256 } from '../platform/crypto';
import { limits } from '../platform/rate-limit';
import { SecretBox } from '../platform/secret-box';
import { createSession, type ActiveSession, type IssuedSession, type SessionClient } from './sessions';

/*
 * The authenticator app and its recovery codes, for the console's mandatory second factor
 * (services/staff/access.ts) and the customers' optional two-step sign-in (two-step.ts).
 */

type User = typeof users.$inferSelect;
type Writer = Pick<Db, 'insert' | 'delete' | 'update' | 'select'>;

/** Authenticator codes step every 30 seconds; one step either side allows for a phone's clock. */
const totpPeriodSeconds = 30;
const totpTolerance = { epochTolerance: totpPeriodSeconds } as const;
const recoveryCodeCount = 10;

// No 0/o, 1/i/l: a recovery code is read from paper and typed by hand.
const recoveryAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
const recoveryGroup = () => Array.from({ length: 5 }, () => recoveryAlphabet[randomInt(recoveryAlphabet.length)]).join('');
const newRecoveryCode = () => `${recoveryGroup()}-${recoveryGroup()}`;
const recoveryCodeFormat = /^[a-z0-9]{5}-[a-z0-9]{5}$/;
const totpFormat = /^\d{6}$/;

const epochOf = (clock: Clock) => Math.floor(clock.now().getTime() / 1000);

/**
 * A new authenticator secret, kept unconfirmed until a code from the app proves it was
 * scanned. Each call replaces the last unconfirmed one: only the QR code shown last works.
 */
export async function startEnrolment(deps: BackendDeps, user: Pick<User, 'id' | 'email' | 'totpEnabledAt'>): Promise<Enrolment> {
  if (user.totpEnabledAt) throw new ApiError(409, { key: 'alreadyEnrolled' });
  const secret = generateSecret();
  const [stored] = await deps.db
    .update(users)
    .set({ totpSecret: deps.secrets.seal(secret, totpContext(user.id)), totpLastStep: null })
    .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  if (!stored) throw new ApiError(409, { key: 'alreadyEnrolled' });
  const url = generateURI({ issuer: brand.product, label: user.email, secret });
  return { Secret: secret, OtpAuthUrl: url, QrCodeSvg: await QRCode.toString(url, { type: 'svg', margin: 2 }) };
}

/** What a user's sealed authenticator secret is bound to: that user's row. */
const totpContext = (userId: string) => `totp:${userId}`;

/**
 * The time step an authenticator code belongs to, or null when it is not a current code of the
 * user's sealed secret.
 */
async function totpStep(
  deps: Pick<BackendDeps, 'clock' | 'secrets'>,
  user: Pick<User, 'id'>,
  sealed: string,
  code: string,
): Promise<number | null> {
  if (!totpFormat.test(code)) return null;
  const secret = deps.secrets.open(sealed, totpContext(user.id));
  // Sealed under another key (SECRETS_KEY changed) or damaged: a wrong code to the caller, not a 500.
  if (secret === null) return null;
  const { clock } = deps;
  try {
    const result = await verify({ secret, token: code, epoch: epochOf(clock), ...totpTolerance });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // A secret the library refuses (damaged row) is a wrong code to the caller, not a 500.
    return null;
  }
}

const throttleKey = (userId: string) => `second-factor:${userId}`;

/** Wrong codes are counted per account; past the limit every try answers 429 for a while. */
async function countWrongCode(deps: BackendDeps, userId: string): Promise<never> {
  await deps.rateLimiter.hit(throttleKey(userId), limits.secondFactorFailures, 'tooManySecondFactorTries');
  throw new ApiError(400, { key: 'secondFactorWrong' });
}

/** How long a right password waits for its two-step code before the login starts over. */
const loginCodeWaitMs = 10 * 60_000;

/**
 * The session a right password (or a password reset) opens for an account that gives a code at
 * login: of no use until the code passes (sessions.ts, awaitsLoginCode), and over soon.
 */
export async function openLoginCodeWait(tx: Writer, clock: Clock, userId: string, client: SessionClient): Promise<IssuedSession> {
  const issued = await createSession(tx, clock, userId, client);
  const expiresAt = new Date(clock.now().getTime() + loginCodeWaitMs);
  await tx
    .update(sessions)
    .set({ expiresAt })
    .where(eq(sessions.tokenHash, sha256(issued.token)));
  return { ...issued, expiresAt };
}

/** Records that this session passed the second factor now. */
export async function markSecondFactorPassed(tx: Pick<Db, 'update'>, clock: Clock, tokenHash: string): Promise<void> {
  await tx.update(sessions).set({ secondFactorAt: clock.now() }).where(eq(sessions.tokenHash, tokenHash));
}

/**
 * Confirms the enrolment with a code from the app: the authenticator counts from now on, ten
 * new recovery codes replace any old ones (shown once, stored hashed), this session has passed
 * the second factor, and `alsoDo` runs in the same transaction (the caller's record or mail).
 */
export async function confirmEnrolment(
  deps: BackendDeps,
  session: ActiveSession,
  code: string,
  alsoDo: (tx: Writer) => Promise<unknown>,
): Promise<string[]> {
  const { db, clock, rateLimiter } = deps;
  const userId = session.user.id;
  await rateLimiter.check(throttleKey(userId), limits.secondFactorFailures, 'tooManySecondFactorTries');
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (user.totpEnabledAt) throw new ApiError(409, { key: 'alreadyEnrolled' });
  if (!user.totpSecret) throw new ApiError(400, { key: 'enrolmentMissing' });
  const step = await totpStep(deps, user, user.totpSecret, code);
  if (step === null) return countWrongCode(deps, userId);
  const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  await db.transaction(async (tx) => {
    const [enabled] = await tx
      .update(users)
      .set({ totpEnabledAt: clock.now(), totpLastStep: step })
      .where(and(eq(users.id, userId), isNull(users.totpEnabledAt), eq(users.totpSecret, user.totpSecret!)))
      .returning({ id: users.id });
    // Another call confirmed (or restarted) the enrolment meanwhile.
    if (!enabled) throw new ApiError(409, { key: 'alreadyEnrolled' });
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((recovery) => ({ userId, codeHash: sha256(recovery) })));
    await markSecondFactorPassed(tx, clock, session.tokenHash);
    await alsoDo(tx);
  });
  await rateLimiter.reset(throttleKey(userId));
  return codes;
}

/**
 * Checks the second factor: a current authenticator code, accepted once (its time step is
 * kept, and a code of that step or an earlier one is refused), or an unused recovery code,
 * which is then used up. `then` runs in the transaction that uses the code up, so what the
 * code opens happens exactly when the code is spent. Wrong codes are counted and throttled.
 */
export async function passSecondFactor<T>(deps: BackendDeps, userId: string, code: string, then: (tx: Writer) => Promise<T>): Promise<T> {
  const { db, clock, rateLimiter } = deps;
  await rateLimiter.check(throttleKey(userId), limits.secondFactorFailures, 'tooManySecondFactorTries');
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user.totpEnabledAt || !user.totpSecret) throw new ApiError(400, { key: 'enrolmentMissing' });
  const accepted = await db.transaction(async (tx) => {
    if (recoveryCodeFormat.test(code)) {
      const [used] = await tx
        .update(recoveryCodes)
        .set({ usedAt: clock.now() })
        .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, sha256(code)), isNull(recoveryCodes.usedAt)))
        .returning({ userId: recoveryCodes.userId });
      if (!used) return null;
    } else {
      const step = await totpStep(deps, user, user.totpSecret!, code);
      if (step === null) return null;
      // Claimed in the update itself, so two calls with one code cannot both pass.
      const [claimed] = await tx
        .update(users)
        .set({ totpLastStep: step })
        .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
        .returning({ id: users.id });
      if (!claimed) return null;
    }
    return { result: await then(tx) };
  });
  if (!accepted) return countWrongCode(deps, userId);
  await rateLimiter.reset(throttleKey(userId));
  return accepted.result;
}

/** Forgets the account's authenticator and recovery codes (two-step sign-in turned off, or the staff command's reset). */
export async function removeSecondFactor(tx: Writer, userId: string): Promise<void> {
  await tx.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/**
 * Seals authenticator secrets stored in the clear by a release before they were encrypted;
 * run at start, it finds nothing to do once they all are.
 */
export async function sealPlainTotpSecrets(deps: Pick<BackendDeps, 'db' | 'secrets'>): Promise<number> {
  const rows = await deps.db.select({ id: users.id, secret: users.totpSecret }).from(users).where(isNotNull(users.totpSecret));
  let sealed = 0;
  for (const row of rows) {
    if (!row.secret || SecretBox.isSealed(row.secret)) continue;
    await deps.db
      .update(users)
      .set({ totpSecret: deps.secrets.seal(row.secret, totpContext(row.id)) })
      .where(and(eq(users.id, row.id), eq(users.totpSecret, row.secret)));
    sealed++;
  }
  return sealed;
}
