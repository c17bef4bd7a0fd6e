import { auditLog } from '../db/schema';
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import type { StaffSession } from '../middleware/staff';

type Writer = Pick<Db, 'insert'>;

export interface AuditRecord {
  /** What was done, as a dotted name: `invoice.void`, `customer.suspend`, … */
  action: string;
  targetType: 'invoice' | 'subscription' | 'customer' | 'support-message' | 'offer' | 'staff';
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
