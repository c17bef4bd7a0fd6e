import { and, desc, eq, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditEntry, AuditPageSchema } from '../../../lib/contract/admin';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { auditLog } from '../../db/schema';
import type { BackendDeps } from '../../deps';
import type { StaffSession } from '../accounts/sessions';

type Writer = Pick<Db, 'insert'>;

export interface AuditRecord {
  /** What was done, as a dotted name: `invoice.void`, `customer.suspend`, … */
  action: string;
  targetType: 'invoice' | 'subscription' | 'customer' | 'support-message' | 'offer' | 'staff' | 'staff-invite';
  targetId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Who acted: a staff session, or the command line (`npm run staff`, recorded as 'cli' with no account). */
export type AuditActor = Pick<StaffSession, 'user'> | { user: { id: null; email: 'cli' } };

export const cliActor: AuditActor = { user: { id: null, email: 'cli' } };

/**
 * Records a staff action; called inside the transaction that makes the change, so the log and
 * the change stand or fall together. Answers the entry's key.
 */
export async function recordAudit(tx: Writer, clock: Clock, staff: AuditActor, record: AuditRecord): Promise<string> {
  const [row] = await tx
    .insert(auditLog)
    .values({
      at: clock.now(),
      staffUserId: staff.user.id,
      staffEmail: staff.user.email,
      action: record.action,
      targetType: record.targetType,
      targetId: record.targetId,
      before: record.before ?? null,
      after: record.after ?? null,
    })
    .returning({ id: auditLog.id });
  return row.id;
}

export const auditPageSize = 50;

type AuditRow = typeof auditLog.$inferSelect;

const toAuditEntry = (row: AuditRow): AuditEntry => ({
  Key: row.id,
  Date: row.at.toISOString(),
  StaffEmailAddress: row.staffEmail,
  Action: row.action,
  TargetType: row.targetType,
  TargetKey: row.targetId,
  Before: row.before ?? null,
  After: row.after ?? null,
});

/**
 * A page of the audit log, newest first, older than `before`. Paging is by date, so a page
 * never ends inside a group of entries made at the same moment: it takes the whole group
 * (a page may then hold a few more than the page size), and the next page starts below it.
 */
export async function auditPage(deps: Pick<BackendDeps, 'db'>, before?: string): Promise<z.infer<typeof AuditPageSchema>> {
  const older = before ? lt(auditLog.at, new Date(before)) : undefined;
  const rows = await deps.db
    .select()
    .from(auditLog)
    .where(older)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(auditPageSize + 1);
  if (rows.length <= auditPageSize) return { Entries: rows.map(toAuditEntry), HasMore: false };
  const last = rows[auditPageSize - 1].at;
  const page = rows.filter((row) => row.at > last);
  const sameMoment = await deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.at, last), older))
    .orderBy(desc(auditLog.id));
  const [below] = await deps.db.select({ id: auditLog.id }).from(auditLog).where(lt(auditLog.at, last)).limit(1);
  return { Entries: [...page, ...sameMoment].map(toAuditEntry), HasMore: below !== undefined };
}
