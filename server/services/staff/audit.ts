import { and, asc, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditEntry, AuditFiltersSchema, AuditPageSchema, AuditQuerySchema } from '../../../lib/contract/admin';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { auditLog, invoices, offers, staffInvites, subscriptions, supportMessages, users } from '../../db/schema';
import type { ApiLanguage } from '../platform/language';
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
/** The filters offer at most this many staff members and actions. */
const filterChoicesLimit = 300;

type AuditRow = typeof auditLog.$inferSelect;

const toAuditEntry =
  (names: Map<string, string>) =>
  (row: AuditRow): AuditEntry => ({
    Key: row.id,
    Date: row.at.toISOString(),
    StaffEmailAddress: row.staffEmail,
    Action: row.action,
    TargetType: row.targetType,
    TargetKey: row.targetId,
    TargetName: names.get(`${row.targetType}:${row.targetId}`) ?? null,
    Before: row.before ?? null,
    After: row.after ?? null,
  });

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What the page's targets are called now, keyed `type:id`: invoice numbers, account
 * addresses, offer and subscription names in the reader's language, support senders.
 */
async function targetNames(db: Db, rows: AuditRow[], language: ApiLanguage): Promise<Map<string, string>> {
  const idsOf = (...types: string[]) => [
    ...new Set(rows.filter((row) => types.includes(row.targetType) && uuidPattern.test(row.targetId)).map((row) => row.targetId)),
  ];
  const offerKeys = [...new Set(rows.filter((row) => row.targetType === 'offer').map((row) => row.targetId))];
  const [invoiceRows, userRows, offerRows, subscriptionRows, messageRows, inviteRows] = await Promise.all([
    idsOf('invoice').length
      ? db
          .select({ id: invoices.id, number: invoices.number })
          .from(invoices)
          .where(inArray(invoices.id, idsOf('invoice')))
      : [],
    idsOf('customer', 'staff').length
      ? db
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(inArray(users.id, idsOf('customer', 'staff')))
      : [],
    offerKeys.length
      ? db.select({ key: offers.key, description: offers.description }).from(offers).where(inArray(offers.key, offerKeys))
      : [],
    idsOf('subscription').length
      ? db
          .select({ id: subscriptions.id, description: offers.description, email: users.email })
          .from(subscriptions)
          .innerJoin(offers, eq(offers.key, subscriptions.offerKey))
          .innerJoin(users, eq(users.id, subscriptions.userId))
          .where(inArray(subscriptions.id, idsOf('subscription')))
      : [],
    idsOf('support-message').length
      ? db
          .select({ id: supportMessages.id, name: supportMessages.fullName, email: supportMessages.emailAddress })
          .from(supportMessages)
          .where(inArray(supportMessages.id, idsOf('support-message')))
      : [],
    idsOf('staff-invite').length
      ? db
          .select({ id: staffInvites.id, email: staffInvites.email })
          .from(staffInvites)
          .where(inArray(staffInvites.id, idsOf('staff-invite')))
      : [],
  ]);
  return new Map([
    ...invoiceRows.map((row) => [`invoice:${row.id}`, row.number] as const),
    ...userRows.flatMap((row) => [[`customer:${row.id}`, row.email] as const, [`staff:${row.id}`, row.email] as const]),
    ...offerRows.map((row) => [`offer:${row.key}`, row.description[language]] as const),
    ...subscriptionRows.map((row) => [`subscription:${row.id}`, `${row.description[language]} · ${row.email}`] as const),
    ...messageRows.map((row) => [`support-message:${row.id}`, `${row.name} · ${row.email}`] as const),
    ...inviteRows.map((row) => [`staff-invite:${row.id}`, row.email] as const),
  ]);
}

const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 24 * 60 * 60_000);

/**
 * A page of the audit log, newest first, older than `before`, filtered by staff member, action
 * and UTC days. Paging is by date, so a page never ends inside a group of entries made at the
 * same moment: it takes the whole group (a page may then hold a few more than the page size),
 * and the next page starts below it.
 */
export async function auditPage(
  deps: Pick<BackendDeps, 'db'>,
  query: z.output<typeof AuditQuerySchema>,
  language: ApiLanguage,
): Promise<z.infer<typeof AuditPageSchema>> {
  const { db } = deps;
  const filtered = and(
    query.staff ? eq(auditLog.staffEmail, query.staff) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.from ? gte(auditLog.at, dayStart(query.from)) : undefined,
    query.to ? lt(auditLog.at, dayAfter(query.to)) : undefined,
  );
  const older = and(filtered, query.before ? lt(auditLog.at, new Date(query.before)) : undefined);
  const rows = await db
    .select()
    .from(auditLog)
    .where(older)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(auditPageSize + 1);
  let entries = rows;
  let hasMore = false;
  if (rows.length > auditPageSize) {
    const last = rows[auditPageSize - 1].at;
    const sameMoment = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.at, last), older))
      .orderBy(desc(auditLog.id));
    const [below] = await db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(filtered, lt(auditLog.at, last)))
      .limit(1);
    entries = [...rows.filter((row) => row.at > last), ...sameMoment];
    hasMore = below !== undefined;
  }
  return { Entries: entries.map(toAuditEntry(await targetNames(db, entries, language))), HasMore: hasMore };
}

/** The staff members who have acted and the actions done, for the filters. */
export async function auditFilters(deps: Pick<BackendDeps, 'db'>): Promise<z.infer<typeof AuditFiltersSchema>> {
  const [staff, actions] = await Promise.all([
    deps.db.selectDistinct({ email: auditLog.staffEmail }).from(auditLog).orderBy(asc(auditLog.staffEmail)).limit(filterChoicesLimit),
    deps.db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)).limit(filterChoicesLimit),
  ]);
  return { Staff: staff.map((row) => row.email), Actions: actions.map((row) => row.action) };
}
