import { and, eq, gt, isNull } from 'drizzle-orm';
import { brand } from '../../../lib/config';
import { canonicalEmail } from '../../../lib/contract/limits';
import { passwordResets, users } from '../../db/schema';
import type { BackendDeps } from '../../deps';
import { mailOrigin, queueMail } from '../../email/outbox';
import { pageLink } from '../../email/templates';
import { ApiError } from '../../errors';
import { randomToken, sha256 } from '../platform/crypto';
import { pickLanguage, type ApiLanguage } from '../platform/language';
import { limits } from '../platform/rate-limit';
import { ownerProven, type LoginStep } from './accounts';
import { revokeUserSessions, type ActiveSession, type SessionClient } from './sessions';

/** How long a mailed reset link works. */
export const passwordResetLifetimeMs = 60 * 60_000;

type User = typeof users.$inferSelect;

/** An account that can still log in: not erased, not past its deletion date. */
const canLogIn = (user: User, now: Date) => !user.erasedAt && !(user.deletionDueAt && user.deletionDueAt <= now);

export interface ResetRequest {
  email: string;
  language: ApiLanguage;
  ip: string;
}

/**
 * "Forgot password?": mails a single-use link to an account's address, or, to an address
 * without an account, a mail saying so. Both write one mail in one transaction, so the answer
 * and its timing are the same either way and nobody learns who has an account. A new link
 * replaces the open ones.
 */
export async function requestPasswordReset(deps: BackendDeps, request: ResetRequest): Promise<string> {
  const email = canonicalEmail(request.email);
  await deps.rateLimiter.hit(`reset:ip:${request.ip}`, limits.resetsPerIp, 'tooManyResets');
  await deps.rateLimiter.hit(`reset:address:${email}`, limits.resetsPerAddress, 'tooManyResets');
  const now = deps.clock.now();
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  await deps.db.transaction(async (tx) => {
    if (!user || !canLogIn(user, now)) {
      await queueMail(tx, deps, { to: email, kind: 'passwordResetUnknown', language: request.language, values: {} });
      return;
    }
    const token = randomToken();
    await tx.update(passwordResets).set({ usedAt: now }).where(openResetsOf(user.id, now));
    await tx.insert(passwordResets).values({
      tokenHash: sha256(token),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + passwordResetLifetimeMs),
    });
    const language = pickLanguage(user.language);
    const link = pageLink(mailOrigin(deps.config), language, `/reset-password?token=${token}`);
    await queueMail(tx, deps, { to: email, kind: 'passwordReset', language, values: { link } });
  });
  deps.kickOutbox();
  return email;
}

const openResetsOf = (userId: string, now: Date) =>
  and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now));

export interface ResetCompletion {
  token: string;
  password: string;
  ip: string;
  /** The session cookie the caller came with, replaced by the new one, as at a login. */
  previousSession: ActiveSession | undefined;
  /** The browser and address, for the session list. */
  client: SessionClient;
}

/**
 * The reset link's call: the new password replaces the old one, every session of the account
 * ends, the login throttles of the account are lifted and the owner is told by mail. Then the
 * link counts as the proof a password is at a login (the mailbox proved the owner): this
 * browser is logged in, a pending deletion is cancelled, and with two-step sign-in on the code
 * is still owed (the link proves the mailbox, not the phone). The token works once and for a
 * limited time; expired, used and unknown tokens get one answer.
 */
export async function completePasswordReset(deps: BackendDeps, completion: ResetCompletion): Promise<LoginStep> {
  await deps.rateLimiter.hit(`link:ip:${completion.ip}`, limits.linkTriesPerIp, 'tooManyRestores');
  const passwordHash = await deps.passwords.hash(completion.password);
  const now = deps.clock.now();
  const user = await deps.db.transaction(async (tx) => {
    // Claimed by the update itself, so parallel calls cannot both use one token.
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.tokenHash, sha256(completion.token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .returning();
    if (!reset) throw new ApiError(400, { key: 'resetLinkInvalid' });
    const [found] = await tx.select().from(users).where(eq(users.id, reset.userId)).for('update');
    if (!found || !canLogIn(found, now)) throw new ApiError(400, { key: 'resetLinkInvalid' });
    // Said only to whoever holds the link, as the login says it only to whoever knows the password.
    if (found.suspendedAt) throw new ApiError(403, { key: 'accountSuspended', values: { support: brand.supportEmail } });
    await tx.update(passwordResets).set({ usedAt: now }).where(openResetsOf(found.id, now));
    const [updated] = await tx.update(users).set({ passwordHash }).where(eq(users.id, found.id)).returning();
    await revokeUserSessions(tx, found.id);
    await queueMail(tx, deps, { to: found.email, kind: 'passwordResetDone', language: pickLanguage(found.language), values: {} });
    return updated;
  });
  deps.kickOutbox();
  await deps.rateLimiter.reset(`login:account:${user.email}`);
  await deps.rateLimiter.reset(`login:account-ip:${user.email} ${completion.ip}`);
  return ownerProven(deps, user, {
    previousSession: completion.previousSession,
    cookieConsent: undefined,
    knownDeviceToken: undefined,
    client: completion.client,
    secondFactorPassed: false,
  });
}
