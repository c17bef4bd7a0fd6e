import { randomInt } from 'node:crypto';
import { and, asc, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { brand } from '../../../lib/config';
import { passwordConfirmationMs, type CustomerRow, type Enrolment, type StaffMe, type StaffRole } from '../../../lib/contract/admin';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { recoveryCodes, sessions, users } from '../../db/schema';
import type { BackendDeps } from '../../deps';
import { ApiError } from '../../errors';
import type { StaffSession } from '../accounts/sessions';
import { confirmCurrentPassword } from '../accounts/accounts';
import { recordAudit, type AuditActor } from './audit';
import { sha256 } from '../platform/crypto';
import { SecretBox } from '../platform/secret-box';
import { limits } from '../platform/rate-limit';

type User = typeof users.$inferSelect;

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

/** A customer row of the console, staff included. */
export function toCustomerRow(user: User): CustomerRow {
  return {
    Key: user.id,
    EmailAddress: user.email,
    DisplayName: user.displayName,
    CreatedDate: user.createdAt.toISOString(),
    SuspendedDate: user.suspendedAt?.toISOString() ?? null,
    DeletionDueDate: user.deletionDueAt?.toISOString() ?? null,
    Role: user.role ?? null,
  };
}

export function staffMe(clock: Clock, session: StaffSession): StaffMe {
  const confirmedUntil = session.passwordConfirmedAt ? session.passwordConfirmedAt.getTime() + passwordConfirmationMs : null;
  return {
    EmailAddress: session.user.email,
    DisplayName: session.user.displayName,
    Role: session.user.role,
    SecondFactor: session.secondFactorAt ? 'done' : session.user.totpEnabledAt ? 'verify' : 'enrol',
    PasswordConfirmedUntil: confirmedUntil && confirmedUntil > clock.now().getTime() ? new Date(confirmedUntil).toISOString() : null,
  };
}

/**
 * A new authenticator secret, kept unconfirmed until a code from the app proves it was
 * scanned. Each call replaces the last unconfirmed one: only the QR code shown last works.
 */
export async function startEnrolment(deps: BackendDeps, session: StaffSession): Promise<Enrolment> {
  if (session.user.totpEnabledAt) throw new ApiError(409, { key: 'alreadyEnrolled' });
  const secret = generateSecret();
  const [stored] = await deps.db
    .update(users)
    .set({ totpSecret: deps.secrets.seal(secret, totpContext(session.user.id)), totpLastStep: null })
    .where(and(eq(users.id, session.user.id), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  if (!stored) throw new ApiError(409, { key: 'alreadyEnrolled' });
  const url = generateURI({ issuer: brand.product, label: session.user.email, secret });
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

/**
 * Confirms the enrolment with a code from the app: the authenticator counts from now on, ten
 * new recovery codes replace any old ones (shown once, stored hashed), and this session has
 * passed the second factor.
 */
export async function confirmEnrolment(deps: BackendDeps, session: StaffSession, code: string): Promise<string[]> {
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
    await replaceRecoveryCodes(tx, userId, codes);
    await tx.update(sessions).set({ secondFactorAt: clock.now() }).where(eq(sessions.tokenHash, session.tokenHash));
    await recordAudit(tx, clock, session, { action: 'staff.second-factor.enrol', targetType: 'staff', targetId: userId });
  });
  await rateLimiter.reset(throttleKey(userId));
  return codes;
}

async function replaceRecoveryCodes(tx: Pick<Db, 'delete' | 'insert'>, userId: string, codes: string[]) {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: sha256(code) })));
}

/**
 * The second factor of a sign-in: a current authenticator code, accepted once (its time step
 * is kept, and a code of that step or an earlier one is refused), or an unused recovery code,
 * which is then used up.
 */
export async function verifySecondFactor(deps: BackendDeps, session: StaffSession, code: string): Promise<void> {
  const { db, clock, rateLimiter } = deps;
  const userId = session.user.id;
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
      if (!used) return false;
    } else {
      const step = await totpStep(deps, user, user.totpSecret!, code);
      if (step === null) return false;
      // Claimed in the update itself, so two calls with one code cannot both pass.
      const [claimed] = await tx
        .update(users)
        .set({ totpLastStep: step })
        .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
        .returning({ id: users.id });
      if (!claimed) return false;
    }
    await tx.update(sessions).set({ secondFactorAt: clock.now() }).where(eq(sessions.tokenHash, session.tokenHash));
    return true;
  });
  if (!accepted) return countWrongCode(deps, userId);
  await rateLimiter.reset(throttleKey(userId));
}

/** The password typed again: refunds and role changes are open for a short while in this session. */
export async function confirmPassword(deps: BackendDeps, session: StaffSession, password: string): Promise<void> {
  await confirmCurrentPassword(deps, session, password);
  await deps.db.update(sessions).set({ passwordConfirmedAt: deps.clock.now() }).where(eq(sessions.tokenHash, session.tokenHash));
}

export async function listStaff(db: Db): Promise<CustomerRow[]> {
  const rows = await db.select().from(users).where(isNotNull(users.role)).orderBy(asc(users.email));
  return rows.map(toCustomerRow);
}

/**
 * Changes or removes the role of an account that already has one (granting is the command
 * line's job, `npm run staff`). The last owner keeps the role. Losing the role ends the second
 * factor of the account's sessions, so a later grant asks for it again. Answers the audit key,
 * or null when nothing changed.
 */
export async function changeStaffRole(
  deps: Pick<BackendDeps, 'db' | 'clock'>,
  actor: AuditActor,
  target: { id?: string; email?: string },
  role: StaffRole | null,
): Promise<string | null> {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    // Every owner row is locked, so two demotions at once cannot leave no owner.
    const owners = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'owner')).for('update');
    const [user] = await tx
      .select()
      .from(users)
      .where(target.id ? eq(users.id, target.id) : eq(users.email, target.email ?? ''));
    if (!user?.role || user.erasedAt) throw new ApiError(404, { key: 'notFound' });
    if (user.role === role) return null;
    if (user.role === 'owner' && owners.length <= 1) throw new ApiError(409, { key: 'lastOwner' });
    await tx.update(users).set({ role }).where(eq(users.id, user.id));
    if (!role) await tx.update(sessions).set({ secondFactorAt: null, passwordConfirmedAt: null }).where(eq(sessions.userId, user.id));
    return recordAudit(tx, clock, actor, {
      action: role ? 'staff.role.change' : 'staff.role.remove',
      targetType: 'staff',
      targetId: user.id,
      before: { email: user.email, role: user.role },
      after: { email: user.email, role },
    });
  });
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
