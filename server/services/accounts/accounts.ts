import { and, eq, gt, gte, isNotNull, isNull, lte, ne } from 'drizzle-orm';
import { brand } from '../../../lib/config';
import type { SessionInfo } from '../../../lib/contract/auth';
import { canonicalEmail } from '../../../lib/contract/limits';
import { userData } from '../../../lib/contract/user';
import { LOGIN_PARAM } from '../../../lib/return-path';
import type { Db } from '../../db/database';
import type { BackendDeps } from '../../deps';
import {
  cardsOnFile,
  emailRestores,
  knownDevices,
  passwordResets,
  sessions,
  users,
  verificationCodes,
  type StoredCookieConsent,
} from '../../db/schema';
import { mailOrigin, queueMail } from '../../email/outbox';
import { pageLink, type EmailKind } from '../../email/templates';
import { ApiError } from '../../errors';
import {
  dropRenewalHolds,
  holdRenewalsForDeletion,
  restoreHeldRenewals,
  stopAllRenewalsAtProvider,
  stopRenewalsAtProvider,
} from '../billing/cancel-subscription';
import { claimsOf } from './claims';
import { consumeCode, issueCode, type CodePurpose } from './codes';
import { randomToken, sha256 } from '../platform/crypto';
import { isKnownDevice, rememberDevice } from './known-devices';
import { pickLanguage, type ApiLanguage } from '../platform/language';
import { limits } from '../platform/rate-limit';
import { markSecondFactorPassed, openLoginCodeWait, passSecondFactor } from './second-factor';
import {
  asksCodeAtLogin,
  clearPasswordTries,
  createSession,
  revokeSession,
  revokeUserSessions,
  takePasswordTry,
  type ActiveSession,
  type IssuedSession,
  type SessionClient,
} from './sessions';

export const deletionGraceMs = 7 * 24 * 60 * 60_000;
/** How long the link mailed to the old address after an email change can restore it. */
export const emailRestoreLifetimeMs = 7 * 24 * 60 * 60_000;
const wrongPasswordLimit = 3;

type User = typeof users.$inferSelect;
type Writer = Pick<Db, 'insert' | 'delete' | 'update' | 'select'>;

export async function sessionInfoOf(deps: BackendDeps, user: User): Promise<SessionInfo> {
  return { UserName: user.email, DisplayName: user.displayName, Claims: await claimsOf(deps, user.id) };
}

async function findUserByEmail(deps: BackendDeps, email: string): Promise<User | undefined> {
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  return user;
}

function logCodeInDevelopment(deps: BackendDeps, email: string, code: string) {
  if (deps.mailer.kind === 'files' && !deps.config.production) deps.logger.info('verification code (development mail)', { email, code });
}

interface CodeMailing {
  purpose: CodePurpose;
  email: string;
  userId: string | null;
  language: ApiLanguage;
  ip: string;
  codeMail: Extract<EmailKind, 'signupCode' | 'emailChangeCode'>;
  /** Mailed instead of the code when an account already has the address. */
  takenMail: Extract<EmailKind, 'signupExisting' | 'emailInUse'>;
}

/**
 * Mails a verification code, or a notice to an address that is already an account's: the
 * caller answers the same either way, so addresses cannot be probed. The code is issued all
 * the same (never mailed), so a guessed one is 'wrong', not 'expired'.
 */
async function mailCodeOrNotice(deps: BackendDeps, mailing: CodeMailing) {
  await deps.rateLimiter.hit(`code:ip:${mailing.ip}`, limits.codesPerIp, 'tooManyCodes');
  await deps.rateLimiter.hit(`code:address:${mailing.email}`, limits.codesPerAddress, 'tooManyCodes');
  const taken = await findUserByEmail(deps, mailing.email);
  await deps.db.transaction(async (tx) => {
    const code = await issueCode(tx, deps.clock, mailing.purpose, mailing.email, mailing.userId);
    if (taken && mailing.takenMail === 'signupExisting') {
      // The owner may be here because the password is forgotten: the mail leads to the login and the reset.
      const page = (path: string) => pageLink(mailOrigin(deps.config), mailing.language, path);
      const values = { login: page(`/?${LOGIN_PARAM}=/account/settings`), link: page('/reset-password') };
      await queueMail(tx, deps, { to: mailing.email, kind: 'signupExisting', language: mailing.language, values });
      return;
    }
    if (taken) {
      await queueMail(tx, deps, { to: mailing.email, kind: 'emailInUse', language: mailing.language, values: {} });
      return;
    }
    await queueMail(tx, deps, { to: mailing.email, kind: mailing.codeMail, language: mailing.language, values: { code } });
    logCodeInDevelopment(deps, mailing.email, code);
  });
  deps.kickOutbox();
}

export type SignupOutcome =
  | { kind: 'code-sent'; email: string }
  | { kind: 'code-wrong' }
  | { kind: 'code-expired' }
  | { kind: 'address-taken' }
  | { kind: 'created'; user: User; session: IssuedSession };

export interface SignupInput {
  email: string;
  password: string;
  code: string | null | undefined;
  cookieConsent: StoredCookieConsent | null | undefined;
  language: ApiLanguage;
  ip: string;
  /** The browser and address, for the session list. */
  client: SessionClient;
}

/**
 * Sign-up with a mailed code (docs/product/accounts.md#sign-up-with-a-code): the first call mails a code (or, for a known
 * address, a notice); the call with the right code creates the account and logs in.
 */
export async function signUp(deps: BackendDeps, signup: SignupInput): Promise<SignupOutcome> {
  const { db, clock } = deps;
  const input = { ...signup, email: canonicalEmail(signup.email) };
  if (!input.code) {
    await mailCodeOrNotice(deps, {
      purpose: 'signup',
      email: input.email,
      userId: null,
      language: input.language,
      ip: input.ip,
      codeMail: 'signupCode',
      takenMail: 'signupExisting',
    });
    return { kind: 'code-sent', email: input.email };
  }

  const check = await consumeCode(db, clock, 'signup', input.email, input.code, null);
  if (check === 'wrong') return { kind: 'code-wrong' };
  if (check === 'expired') return { kind: 'code-expired' };
  return createAccount(deps, input);
}

type NewAccount = Pick<SignupInput, 'email' | 'password' | 'cookieConsent' | 'language'> & {
  displayName?: string | null;
  client?: SessionClient;
};

/**
 * The account a confirmed sign-up makes (terms accepted now), logged in; also the test-only
 * account call's. The address comes canonical, as the contract's field rule gives it.
 */
export async function createAccount(
  deps: BackendDeps,
  account: NewAccount,
): Promise<Extract<SignupOutcome, { kind: 'created' | 'address-taken' }>> {
  const { db, clock } = deps;
  const passwordHash = await deps.passwords.hash(account.password);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: account.email,
        passwordHash,
        displayName: account.displayName ?? null,
        language: account.language,
        termsAcceptedAt: clock.now(),
        cookieConsent: account.cookieConsent ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (!user) return { kind: 'address-taken' } as const;
    return { kind: 'created', user, session: await createSession(tx, clock, user.id, account.client ?? {}) } as const;
  });
}

export interface LoginInput {
  email: string;
  password: string;
  cookieConsent: StoredCookieConsent | null | undefined;
  ip: string;
  /** The session cookie the caller came with, replaced by the new one (rotation). */
  previousSession: ActiveSession | undefined;
  /** The browser's `device` cookie: set when it logged in before (known-devices.ts). */
  deviceToken: string | undefined;
  /** The browser and address, for the session list. */
  client: SessionClient;
}

const tooManyLogins = 'tooManyLogins';

/**
 * Login, throttled per address, and failures per account: a few from one address block that
 * address for the account; many from all addresses together block every browser the account
 * has not logged in from before, against guessing from many machines, and the owner is told by
 * mail. A browser it logged in from is still let in with the right password, so strangers cannot
 * lock the owner out. Logging in cancels a pending deletion. With two-step sign-in on, the
 * right password answers `codeOwed` instead, and the rest waits for logInWithCode.
 */
export async function logIn(deps: BackendDeps, login: LoginInput): Promise<LoggedIn | { codeOwed: IssuedSession } | null> {
  const { db, clock, rateLimiter } = deps;
  const input = { ...login, email: canonicalEmail(login.email) };
  const fromAddress = { key: `login:account-ip:${input.email} ${input.ip}`, limit: limits.loginFailuresPerAccountAndIp };
  const fromAnywhere = { key: `login:account:${input.email}`, limit: limits.loginFailuresPerAccount };
  await rateLimiter.hit(`login:ip:${input.ip}`, limits.loginPerIp, tooManyLogins);
  await rateLimiter.check(fromAddress.key, fromAddress.limit, tooManyLogins);
  const user = await findUserByEmail(deps, input.email);
  const knownDevice = user ? await isKnownDevice(db, clock, user.id, input.deviceToken) : false;
  if (!knownDevice) await rateLimiter.check(fromAnywhere.key, fromAnywhere.limit, tooManyLogins);
  // Past its deletion date an account is gone even before the purge job has erased it (docs/product/accounts.md#account-deletion).
  const loginAllowed = user && !user.erasedAt && !(user.deletionDueAt && user.deletionDueAt <= clock.now());
  const valid = await deps.passwords.check(loginAllowed ? user.passwordHash : null, input.password);
  if (!user || !valid) {
    await rateLimiter.hit(fromAddress.key, fromAddress.limit, tooManyLogins);
    const left = await rateLimiter.hit(fromAnywhere.key, fromAnywhere.limit, tooManyLogins);
    // Once per window, when the failures from everywhere have just used it up.
    if (left === 0 && loginAllowed) {
      await queueMail(db, deps, { to: user.email, kind: 'failedLogins', language: pickLanguage(user.language), values: {} });
    }
    return null;
  }
  // Said only to whoever knows the password: the address alone tells nobody of the suspension.
  if (user.suspendedAt) throw new ApiError(403, { key: 'accountSuspended', values: { support: brand.supportEmail } });
  await rateLimiter.reset(fromAddress.key);
  await rateLimiter.reset(fromAnywhere.key);
  return ownerProven(deps, user, {
    previousSession: input.previousSession,
    cookieConsent: input.cookieConsent,
    knownDeviceToken: knownDevice ? input.deviceToken : undefined,
    client: input.client,
    secondFactorPassed: false,
  });
}

/** A login's outcome once the owner is proven: logged in, or a short wait for the two-step code. */
export type LoginStep = LoggedIn | { codeOwed: IssuedSession };

/**
 * The owner has proven who they are (the right password, or a password-reset link from their
 * mailbox): logged in. With two-step sign-in on, only a short wait for the code opens, and what
 * a login changes waits for the code too.
 */
export async function ownerProven(deps: BackendDeps, user: User, finish: LoginFinish): Promise<LoginStep> {
  const { db, clock } = deps;
  if (asksCodeAtLogin(user)) {
    const codeOwed = await db.transaction(async (tx) => {
      if (finish.previousSession) await revokeSession(tx, finish.previousSession.tokenHash);
      return openLoginCodeWait(tx, clock, user.id, finish.client);
    });
    return { codeOwed };
  }
  return finishLogin(deps, user, finish, (writes) => db.transaction(writes));
}

export interface LoggedIn {
  user: User;
  session: IssuedSession;
  deviceToken: string;
  deletionCancelled: boolean;
}

export interface LoginFinish extends Pick<LoginInput, 'previousSession' | 'cookieConsent' | 'client'> {
  /** The browser's `device` token when it is one the account logged in from. */
  knownDeviceToken: string | undefined;
  secondFactorPassed: boolean;
}

/**
 * What a complete login changes: the session replaces the caller's previous one, the cookie
 * consent is stored, the browser becomes known, and a pending deletion is cancelled.
 * `inTransaction` runs the writes: in a transaction of their own, or in the one that spends
 * the two-step code.
 */
async function finishLogin(
  deps: BackendDeps,
  user: User,
  finish: LoginFinish,
  inTransaction: (writes: (tx: Writer) => Promise<LoggedIn>) => Promise<LoggedIn>,
): Promise<LoggedIn> {
  const { clock } = deps;
  const loggedIn = await inTransaction(async (tx) => {
    if (finish.previousSession) await revokeSession(tx, finish.previousSession.tokenHash);
    const [updated] = await tx
      .update(users)
      .set({ deletionDueAt: null, ...(finish.cookieConsent ? { cookieConsent: finish.cookieConsent } : {}) })
      .where(eq(users.id, user.id))
      .returning();
    const session = await createSession(tx, clock, user.id, finish.client);
    if (finish.secondFactorPassed) await markSecondFactorPassed(tx, clock, sha256(session.token));
    // Within the grace period a login keeps the account (docs/product/accounts.md#account-deletion), and the customer is told so.
    return {
      user: updated,
      session,
      deviceToken: await rememberDevice(tx, clock, user.id, finish.knownDeviceToken),
      deletionCancelled: user.deletionDueAt !== null,
    };
  });
  // The renewals the deletion stopped come back, once the login has committed (billing/cancel-subscription.ts).
  if (user.deletionDueAt) await restoreHeldRenewals(deps, user.id, user.deletionDueAt);
  return loggedIn;
}

interface LoginCodeInput {
  code: string;
  cookieConsent: StoredCookieConsent | null | undefined;
  deviceToken: string | undefined;
  client: SessionClient;
}

/**
 * The login's second step (docs/product/accounts.md#two-step-sign-in): an authenticator or
 * recovery code for the session the password opened. It is then replaced by a full session,
 * and the login's changes happen in the transaction that spends the code.
 */
export async function logInWithCode(deps: BackendDeps, pending: ActiveSession, login: LoginCodeInput): Promise<LoggedIn> {
  const { db, clock } = deps;
  const user = pending.user;
  // Past its deletion date meanwhile: gone, as for the password step.
  if (user.deletionDueAt && user.deletionDueAt <= clock.now()) throw new ApiError(401, { key: 'loginCodeExpired' });
  const knownDevice = await isKnownDevice(db, clock, user.id, login.deviceToken);
  const finish: LoginFinish = {
    previousSession: pending,
    cookieConsent: login.cookieConsent,
    knownDeviceToken: knownDevice ? login.deviceToken : undefined,
    client: login.client,
    secondFactorPassed: true,
  };
  return finishLogin(deps, user, finish, (writes) => passSecondFactor(deps, user.id, login.code, writes));
}

/**
 * Checks the current password of a signed-in user. The third wrong try in one session ends
 * that session (docs/product/accounts.md#wrong-current-password); the answer then carries Data 'session-ended'. The try is
 * taken before the check, so parallel requests get no more than three guesses between them.
 * `refusalData` is the Data of the answer to the other wrong tries.
 */
export async function confirmCurrentPassword(
  deps: BackendDeps,
  session: ActiveSession,
  password: string,
  refusalData?: string,
): Promise<void> {
  const tries = await takePasswordTry(deps.db, session.tokenHash);
  const allowed = tries !== null && tries <= wrongPasswordLimit;
  if (allowed && (await deps.passwords.check(session.user.passwordHash, password))) {
    await clearPasswordTries(deps.db, session.tokenHash);
    return;
  }
  if (!allowed || tries >= wrongPasswordLimit) {
    await revokeSession(deps.db, session.tokenHash);
    throw new ApiError(400, { key: 'sessionEndedWrongPassword' }, { data: userData.sessionEnded, clearSession: true });
  }
  throw new ApiError(400, { key: 'wrongCurrentPassword' }, { data: refusalData });
}

export type EmailChangeOutcome = 'code-sent' | 'code-wrong' | 'code-expired' | 'address-taken' | 'changed';

export interface EmailChangeInput {
  newEmail: string;
  password: string;
  code: string | null | undefined;
  language: ApiLanguage;
  ip: string;
}

/**
 * Changes the login address with a code mailed to the new one
 * (docs/product/accounts.md#changing-the-email-address). The current password is checked on
 * both calls: before a code is mailed, so a session someone else took over cannot send mail
 * in the owner's name, and again when the change is made, so the change itself never rests on
 * the session alone. The change ends every other session of the account.
 */
export async function changeEmail(deps: BackendDeps, session: ActiveSession, change: EmailChangeInput): Promise<EmailChangeOutcome> {
  const { db, clock } = deps;
  const input = { ...change, newEmail: canonicalEmail(change.newEmail) };
  const user = session.user;
  if (input.newEmail === user.email) throw new ApiError(400, { field: 'NewEmailAddress', rule: 'sameEmail' });
  // Before the code is looked at, so a wrong password does not use up the code's tries. The
  // code field stays as it was: hidden before a code was mailed, shown (and cleared) after.
  await confirmCurrentPassword(deps, session, input.password, input.code ? userData.showCode : userData.hideCode);
  if (!input.code) {
    await mailCodeOrNotice(deps, {
      purpose: 'email-change',
      email: input.newEmail,
      userId: user.id,
      language: input.language,
      ip: input.ip,
      codeMail: 'emailChangeCode',
      takenMail: 'emailInUse',
    });
    return 'code-sent';
  }
  const check = await consumeCode(db, clock, 'email-change', input.newEmail, input.code, user.id);
  if (check !== 'valid') return check === 'wrong' ? 'code-wrong' : 'code-expired';
  const changed = await db.transaction(async (tx) => {
    if ((await tx.select({ id: users.id }).from(users).where(eq(users.email, input.newEmail))).length) return false;
    await tx.update(users).set({ email: input.newEmail }).where(eq(users.id, user.id));
    // The old address can undo the change: whoever made it may have taken over a session.
    const token = randomToken();
    const now = clock.now();
    await tx.insert(emailRestores).values({
      tokenHash: sha256(token),
      userId: user.id,
      previousEmail: user.email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + emailRestoreLifetimeMs),
    });
    const language = pickLanguage(user.language);
    const link = `${mailOrigin(deps.config)}/${language}/restore-email?token=${token}`;
    await queueMail(tx, deps, { to: user.email, kind: 'emailChanged', language, values: { email: input.newEmail, link } });
    await revokeUserSessions(tx, user.id, session.tokenHash);
    return true;
  });
  deps.kickOutbox();
  return changed ? 'changed' : 'address-taken';
}

/**
 * The restore link's call: puts the address from before the change back and ends every
 * session of the account, in one transaction. A token works once and for a limited time;
 * expired, used and unknown tokens get one answer. Restore links made after this one go,
 * as they would undo it; older ones stay, so a later change cannot take away the first
 * owner's way back.
 */
export async function restoreEmail(deps: BackendDeps, token: string, ip: string): Promise<{ userId: string; email: string }> {
  await deps.rateLimiter.hit(`link:ip:${ip}`, limits.linkTriesPerIp, 'tooManyRestores');
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    // Claimed by the update itself, so parallel calls cannot both use one token.
    const [restore] = await tx
      .update(emailRestores)
      .set({ usedAt: now })
      .where(and(eq(emailRestores.tokenHash, sha256(token)), isNull(emailRestores.usedAt), gt(emailRestores.expiresAt, now)))
      .returning();
    if (!restore) throw new ApiError(400, { key: 'restoreLinkInvalid' });
    const [user] = await tx.select().from(users).where(eq(users.id, restore.userId)).for('update');
    // An account past its deletion date is gone (docs/product/accounts.md#account-deletion), even before the purge job erases it.
    if (!user || user.erasedAt || (user.deletionDueAt && user.deletionDueAt <= now)) throw new ApiError(400, { key: 'restoreLinkInvalid' });
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.email, restore.previousEmail));
    if (owner && owner.id !== user.id) throw new ApiError(409, { key: 'restoreAddressTaken', values: { support: brand.supportEmail } });
    await tx.update(users).set({ email: restore.previousEmail }).where(eq(users.id, user.id));
    // Made at the same instant counts as later: in doubt a link goes rather than undoes this.
    await tx
      .delete(emailRestores)
      .where(
        and(
          eq(emailRestores.userId, user.id),
          ne(emailRestores.tokenHash, restore.tokenHash),
          gte(emailRestores.createdAt, restore.createdAt),
        ),
      );
    await revokeUserSessions(tx, user.id);
    return { userId: user.id, email: restore.previousEmail };
  });
}

/** A new password ends every other session of the account; this one gets a fresh token (for `client`). */
export async function changePassword(
  deps: BackendDeps,
  session: ActiveSession,
  current: string,
  next: string,
  client: SessionClient,
): Promise<IssuedSession> {
  await confirmCurrentPassword(deps, session, current);
  const passwordHash = await deps.passwords.hash(next);
  const issued = await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, session.user.id));
    await revokeUserSessions(tx, session.user.id);
    await queueMail(tx, deps, {
      to: session.user.email,
      kind: 'passwordChanged',
      language: pickLanguage(session.user.language),
      values: {},
    });
    const fresh = await createSession(tx, deps.clock, session.user.id, client);
    // The two-step code this session passed holds for its successor, or the customer would be logged out.
    if (asksCodeAtLogin(session.user)) await markSecondFactorPassed(tx, deps.clock, sha256(fresh.token));
    return fresh;
  });
  deps.kickOutbox();
  return issued;
}

export async function updateDisplayName(deps: BackendDeps, session: ActiveSession, displayName: string | null): Promise<void> {
  if ((displayName ?? null) === (session.user.displayName ?? null))
    throw new ApiError(400, { field: 'DisplayName', rule: 'sameDisplayName' });
  await deps.db.update(users).set({ displayName }).where(eq(users.id, session.user.id));
}

/**
 * Schedules the deletion 7 days ahead, ends every session and says so by mail. Renewals stop
 * at once (paid periods stay), so nobody who asked to leave is charged again; each keeps its
 * date, for a login within the grace period to give it back.
 */
export async function scheduleDeletion(deps: BackendDeps, session: ActiveSession, password: string, language: ApiLanguage): Promise<Date> {
  await confirmCurrentPassword(deps, session, password);
  const told = await stopAllRenewalsAtProvider(deps, session.user.id);
  const due = new Date(deps.clock.now().getTime() + deletionGraceMs);
  await deps.db.transaction(async (tx) => {
    // Written first: it locks the user row, so a checkout fulfilled from now on sees the
    // deletion (services/payments/fulfil.ts), and one fulfilled before it is cancelled below.
    await tx.update(users).set({ deletionDueAt: due }).where(eq(users.id, session.user.id));
    const cancelled = await holdRenewalsForDeletion(tx, session.user.id);
    // A Stripe subscription fulfilled since Stripe was told above: told now, or nothing changes.
    await stopRenewalsAtProvider(
      deps,
      cancelled.filter((row) => !told.has(row.providerSubscriptionId ?? '')),
    );
    await revokeUserSessions(tx, session.user.id);
    const date = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(due);
    await queueMail(tx, deps, { to: session.user.email, kind: 'deletionScheduled', language, values: { date } });
  });
  deps.kickOutbox();
  return due;
}

/**
 * The purge job: erases the personal data of accounts whose grace period has passed. The row
 * stays (anonymised) so invoices keep their owner for the law; it can never log in again.
 * Each account is claimed with FOR UPDATE SKIP LOCKED, so parallel runs never erase one twice.
 */
export async function purgeDueAccounts(deps: BackendDeps, batch = 100): Promise<number> {
  let erased = 0;
  for (let i = 0; i < batch; i++) {
    const done = await deps.db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: users.id, email: users.email, language: users.language })
        .from(users)
        .where(and(isNotNull(users.deletionDueAt), lte(users.deletionDueAt, deps.clock.now()), isNull(users.erasedAt)))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return false;
      await tx.delete(sessions).where(eq(sessions.userId, due.id));
      await tx.delete(verificationCodes).where(eq(verificationCodes.userId, due.id));
      // A restore link holds an earlier address: personal data, and no way back into an erased account.
      await tx.delete(emailRestores).where(eq(emailRestores.userId, due.id));
      await tx.delete(passwordResets).where(eq(passwordResets.userId, due.id));
      await tx.delete(knownDevices).where(eq(knownDevices.userId, due.id));
      // Brand, last four and expiry: card data with nothing left to renew.
      await tx.delete(cardsOnFile).where(eq(cardsOnFile.userId, due.id));
      await dropRenewalHolds(tx, due.id);
      await tx
        .update(users)
        .set({ email: `erased-${due.id}@invalid`, passwordHash: '', displayName: null, cookieConsent: null, erasedAt: deps.clock.now() })
        .where(eq(users.id, due.id));
      // Told at the address it had, which is gone from the account once this commits.
      await queueMail(tx, deps, {
        to: due.email,
        kind: 'accountDeleted',
        language: pickLanguage(due.language),
        values: {},
        eventKey: `account-deleted:${due.id}`,
      });
      return true;
    });
    if (!done) break;
    erased++;
  }
  if (erased) {
    deps.logger.info('accounts erased', { count: erased });
    deps.kickOutbox();
  }
  return erased;
}
