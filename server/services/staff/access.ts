import { asc, eq, isNotNull } from 'drizzle-orm';
import { passwordConfirmationMs, type CustomerRow, type StaffMe, type StaffRole } from '../../../lib/contract/admin';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { sessions, users } from '../../db/schema';
import type { BackendDeps } from '../../deps';
import { ApiError } from '../../errors';
import { confirmCurrentPassword } from '../accounts/accounts';
import { revokeOwnSession, type StaffSession } from '../accounts/sessions';
import { confirmEnrolment, markSecondFactorPassed, passSecondFactor } from '../accounts/second-factor';
import { recordAudit, type AuditActor } from './audit';

type User = typeof users.$inferSelect;

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

/** The console's enrolment, recorded in the audit log. */
export function confirmStaffEnrolment(deps: BackendDeps, session: StaffSession, code: string): Promise<string[]> {
  return confirmEnrolment(deps, session, code, (tx) =>
    recordAudit(tx, deps.clock, session, { action: 'staff.second-factor.enrol', targetType: 'staff', targetId: session.user.id }),
  );
}

/** The second factor of a console sign-in: this session has passed it. */
export function verifyStaffSecondFactor(deps: BackendDeps, session: StaffSession, code: string): Promise<void> {
  return passSecondFactor(deps, session.user.id, code, (tx) => markSecondFactorPassed(tx, deps.clock, session.tokenHash));
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
 * Changes or removes the role of an account that already has one (granting is an accepted
 * invitation's job, or the command line's for the first owner). The last owner keeps the role. Losing the role ends the second
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

/** A staff member ends another of their own sessions (a lost or shared device), recorded like every staff write. */
export async function endOwnStaffSession(
  deps: Pick<BackendDeps, 'db' | 'clock' | 'config'>,
  session: StaffSession,
  id: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await revokeOwnSession(tx, deps.clock, session, id, deps.config.sessionIdleMs);
    await recordAudit(tx, deps.clock, session, { action: 'staff.session.end', targetType: 'staff', targetId: session.user.id });
  });
}
