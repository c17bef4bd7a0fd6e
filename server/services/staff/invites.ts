import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { StaffRole } from '../../../lib/contract/admin';
import { openInvitesLimit, staffInviteLifetimeMs, type InviteLookup, type StaffInvite } from '../../../lib/contract/admin-team';
import type { Language } from '../../../lib/contract/languages';
import { staffInvitePath } from '../../../lib/portal-paths';
import { staffInvites, users } from '../../db/schema';
import type { BackendDeps } from '../../deps';
import { mailOrigin, queueMail } from '../../email/outbox';
import { pageLink } from '../../email/templates';
import { ApiError } from '../../errors';
import {
  createSession,
  revokeSession,
  type ActiveSession,
  type IssuedSession,
  type SessionClient,
  type StaffSession,
} from '../accounts/sessions';
import { randomToken, sha256 } from '../platform/crypto';
import { limits } from '../platform/rate-limit';
import { recordAudit, type AuditActor } from './audit';

/*
 * Invitations to the staff (docs/operator-console.md#team): an owner names an address and a
 * role, the address gets a link that works once and for a few days, and whoever opens it sets
 * a password (or logs in to the address's account) and gets the role. The console itself then
 * asks for the authenticator before anything else.
 */

type InviteRow = typeof staffInvites.$inferSelect;

const openAt = (now: Date) => and(isNull(staffInvites.acceptedAt), isNull(staffInvites.revokedAt), gt(staffInvites.expiresAt, now));

const toStaffInvite = (row: InviteRow): StaffInvite => ({
  Key: row.id,
  EmailAddress: row.email,
  Role: row.role,
  Language: row.language as Language,
  InvitedBy: row.invitedByEmail,
  CreatedDate: row.createdAt.toISOString(),
  ExpiresDate: row.expiresAt.toISOString(),
});

/** The open invitations, soonest to expire first. */
export async function listOpenInvites(deps: Pick<BackendDeps, 'db' | 'clock'>): Promise<StaffInvite[]> {
  const rows = await deps.db
    .select()
    .from(staffInvites)
    .where(openAt(deps.clock.now()))
    .orderBy(asc(staffInvites.expiresAt))
    .limit(openInvitesLimit);
  return rows.map(toStaffInvite);
}

const longDate = (date: Date, language: Language) => new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date);

/**
 * Invites an address to the staff and mails it the link in `language`. A newer invitation
 * replaces an open one for the same address; an address that already has a role is refused.
 * Answers the audit key.
 */
export async function inviteStaff(
  deps: BackendDeps,
  actor: StaffSession,
  invite: { email: string; role: StaffRole; language: Language },
): Promise<string> {
  const { db, clock } = deps;
  const token = randomToken();
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + staffInviteLifetimeMs);
  const auditKey = await db.transaction(async (tx) => {
    const [account] = await tx.select({ role: users.role }).from(users).where(eq(users.email, invite.email));
    if (account?.role) throw new ApiError(409, { key: 'alreadyStaff' });
    const replaced = await tx
      .update(staffInvites)
      .set({ revokedAt: now })
      .where(and(eq(staffInvites.email, invite.email), openAt(now)))
      .returning({ id: staffInvites.id });
    const open = await tx.$count(staffInvites, openAt(now));
    if (open >= openInvitesLimit) throw new ApiError(409, { key: 'tooManyInvites', values: { limit: String(openInvitesLimit) } });
    const [row] = await tx
      .insert(staffInvites)
      .values({
        email: invite.email,
        role: invite.role,
        language: invite.language,
        tokenHash: sha256(token),
        invitedByUserId: actor.user.id,
        invitedByEmail: actor.user.email,
        createdAt: now,
        expiresAt,
      })
      .returning();
    await queueMail(tx, deps, {
      to: invite.email,
      kind: 'staffInvite',
      language: invite.language,
      values: {
        inviter: actor.user.email,
        date: longDate(expiresAt, invite.language),
        link: pageLink(mailOrigin(deps.config), invite.language, `${staffInvitePath}?token=${encodeURIComponent(token)}`),
      },
    });
    return recordAudit(tx, clock, actor, {
      action: 'staff.invite',
      targetType: 'staff-invite',
      targetId: row.id,
      before: replaced.length ? { email: invite.email, invitation: 'open' } : null,
      after: { email: invite.email, role: invite.role, language: invite.language },
    });
  });
  deps.kickOutbox();
  return auditKey;
}

/** Withdraws an open invitation: its link stops working. Answers the audit key. */
export async function revokeInvite(deps: Pick<BackendDeps, 'db' | 'clock'>, actor: AuditActor, id: string): Promise<string> {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffInvites)
      .set({ revokedAt: clock.now() })
      .where(and(eq(staffInvites.id, id), openAt(clock.now())))
      .returning();
    if (!row) throw new ApiError(404, { key: 'notFound' });
    return recordAudit(tx, clock, actor, {
      action: 'staff.invite.revoke',
      targetType: 'staff-invite',
      targetId: row.id,
      before: { email: row.email, role: row.role },
      after: null,
    });
  });
}

/** Every look at a link counts against the caller's address, like the other mailed links. */
const countLinkTry = (deps: Pick<BackendDeps, 'rateLimiter'>, ip: string) =>
  deps.rateLimiter.hit(`link:ip:${ip}`, limits.linkTriesPerIp, 'tooManyRestores');

const invalid = () => new ApiError(400, { key: 'inviteInvalid' });

/** What the link's page shows: whom the invitation is for, and whether that needs a login or a new password. */
export async function lookUpInvite(
  deps: Pick<BackendDeps, 'db' | 'clock' | 'rateLimiter'>,
  token: string,
  session: ActiveSession | undefined,
  ip: string,
): Promise<InviteLookup> {
  await countLinkTry(deps, ip);
  const [row] = await deps.db
    .select()
    .from(staffInvites)
    .where(and(eq(staffInvites.tokenHash, sha256(token)), openAt(deps.clock.now())));
  if (!row) throw invalid();
  const [account] = await deps.db.select({ id: users.id, erasedAt: users.erasedAt }).from(users).where(eq(users.email, row.email));
  if (account?.erasedAt) throw invalid();
  return {
    EmailAddress: row.email,
    Role: row.role,
    HasAccount: account !== undefined,
    SignedIn: account !== undefined && session?.user.id === account.id,
  };
}

export interface InviteAcceptance {
  token: string;
  newPassword: string | undefined;
  agreedToTerms: boolean | undefined;
  /** The caller's session: for an address with an account, it must be that account's. */
  session: ActiveSession | undefined;
  ip: string;
  client: SessionClient;
}

type User = typeof users.$inferSelect;

/**
 * Accepts an invitation: once, before it expires or is revoked. The address's account gets
 * the role (its owner must be logged in to it); without an account one is made with the new
 * password (terms accepted now, the invitation's language) and logged in, replacing the
 * caller's session. Answers the account and, for a new one, its session.
 */
export async function acceptInvite(
  deps: BackendDeps,
  acceptance: InviteAcceptance,
): Promise<{ user: User; session: IssuedSession | null }> {
  const { db, clock } = deps;
  await countLinkTry(deps, acceptance.ip);
  const passwordHash = acceptance.newPassword === undefined ? null : await deps.passwords.hash(acceptance.newPassword);
  const now = clock.now();
  return db.transaction(async (tx) => {
    // Claimed by the update itself, so two tabs cannot both use one link.
    const [invite] = await tx
      .update(staffInvites)
      .set({ acceptedAt: now })
      .where(and(eq(staffInvites.tokenHash, sha256(acceptance.token)), openAt(now)))
      .returning();
    if (!invite) throw invalid();
    const [account] = await tx.select().from(users).where(eq(users.email, invite.email)).for('update');
    const audit = (user: User) =>
      recordAudit(
        tx,
        clock,
        { user: { ...user, role: invite.role } },
        {
          action: 'staff.invite.accept',
          targetType: 'staff',
          targetId: user.id,
          before: { email: user.email, role: account?.role ?? null },
          after: { email: user.email, role: invite.role },
        },
      );
    if (account) {
      if (account.erasedAt) throw invalid();
      if (acceptance.session?.user.id !== account.id) throw new ApiError(400, { key: 'inviteLoginFirst' });
      if (account.role) throw new ApiError(409, { key: 'alreadyStaff' });
      const [user] = await tx.update(users).set({ role: invite.role }).where(eq(users.id, account.id)).returning();
      await audit(user);
      return { user, session: null };
    }
    if (passwordHash === null) throw new ApiError(400, { field: 'NewPassword', rule: 'required' });
    if (acceptance.agreedToTerms !== true) throw new ApiError(400, { field: 'UserAgreedToTerms', rule: 'mustAgreeToTerms' });
    const [user] = await tx
      .insert(users)
      .values({ email: invite.email, passwordHash, language: invite.language, termsAcceptedAt: now, createdAt: now, role: invite.role })
      .returning();
    if (acceptance.session) await revokeSession(tx, acceptance.session.tokenHash);
    const session = await createSession(tx, clock, user.id, acceptance.client);
    await audit(user);
    return { user, session };
  });
}
