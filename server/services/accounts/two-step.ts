import { and, eq, isNull } from 'drizzle-orm';
import type { Enrolment, TwoStepStatus } from '../../../lib/contract/second-factor';
import { sessions } from '../../db/schema';
import type { BackendDeps } from '../../deps';
import { queueMail } from '../../email/outbox';
import { ApiError } from '../../errors';
import { pickLanguage } from '../platform/language';
import { confirmCurrentPassword } from './accounts';
import { confirmEnrolment, passSecondFactor, removeSecondFactor, startEnrolment } from './second-factor';
import { revokeUserSessions, type ActiveSession } from './sessions';

/*
 * Two-step sign-in from the settings page (docs/product/accounts.md#two-step-sign-in): a
 * customer's choice. Staff keep the authenticator the console requires, so these calls leave
 * their accounts alone.
 */

export function twoStepStatus(session: ActiveSession): TwoStepStatus {
  return { Enabled: session.user.totpEnabledAt !== null, StaffManaged: session.user.role !== null };
}

function refuseStaff(session: ActiveSession) {
  if (session.user.role) throw new ApiError(409, { key: 'twoStepStaffManaged' });
}

/** A new authenticator secret to scan; two-step sign-in is on only once a code confirms it. */
export function startTwoStep(deps: BackendDeps, session: ActiveSession): Promise<Enrolment> {
  refuseStaff(session);
  return startEnrolment(deps, session.user);
}

/**
 * Turns two-step sign-in on with a code from the app; answers the recovery codes, shown once.
 * Every other session of the account ends: from now on a login needs the code. The owner is told by mail.
 */
export async function confirmTwoStep(deps: BackendDeps, session: ActiveSession, code: string): Promise<string[]> {
  refuseStaff(session);
  const { user } = session;
  const codes = await confirmEnrolment(deps, session, code, async (tx) => {
    await revokeUserSessions(tx, user.id, session.tokenHash);
    await queueMail(tx, deps, { to: user.email, kind: 'twoStepOn', language: pickLanguage(user.language), values: {} });
  });
  deps.kickOutbox();
  return codes;
}

/**
 * Turns two-step sign-in off: the current password (with its wrong-try rule) and then a code,
 * so a recovery code is not spent on a wrong password. The secret and the recovery codes are
 * deleted, logins still waiting for a code end (they would otherwise pass on the password
 * alone), and the owner is told by mail.
 */
export async function turnOffTwoStep(deps: BackendDeps, session: ActiveSession, password: string, code: string): Promise<void> {
  refuseStaff(session);
  const { user } = session;
  if (!user.totpEnabledAt) throw new ApiError(409, { key: 'twoStepAlreadyOff' });
  await confirmCurrentPassword(deps, session, password);
  await passSecondFactor(deps, user.id, code, async (tx) => {
    await removeSecondFactor(tx, user.id);
    await tx.delete(sessions).where(and(eq(sessions.userId, user.id), isNull(sessions.secondFactorAt)));
    await queueMail(tx, deps, { to: user.email, kind: 'twoStepOff', language: pickLanguage(user.language), values: {} });
  });
  deps.kickOutbox();
}
