import { and, asc, eq, inArray, isNotNull, isNull, lte, min, sql } from 'drizzle-orm';
import { consolePagePaths } from '../../../lib/portal-paths';
import { formatUsd } from '../../../lib/contract/presentation';
import { staffEvents, type NotificationSettings, type StaffEvent } from '../../../lib/contract/staff-notifications';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { offers, staffNotifications, users } from '../../db/schema';
import type { BackendDeps } from '../../deps';
import { mailOrigin, queueMail } from '../../email/outbox';
import { pageLink, staffEventWords } from '../../email/templates';
import { pickLanguage, type ApiLanguage } from '../platform/language';
import type { StaffSession } from '../accounts/sessions';
import { recordAudit } from './audit';

type Writer = Pick<Db, 'select' | 'insert'>;
type Notification = typeof staffNotifications.$inferSelect;

/** Events that come within this long of the first waiting one go out together in one digest. */
export const staffMailBatchMs = 5 * 60_000;
/** The most events one mail lists; the rest follow in the next. */
const eventsPerMail = 50;
/** The most staff members one run of the job mails. */
const staffPerRun = 100;

/** What each event keeps for its mail, worded at sending time in the reader's language. */
interface EventDetails {
  sale: { invoice: string; customer: string; amountCents: number };
  refund: { invoice: string; customer: string; amountCents: number };
  'renewal-failed': { offerKey: string; customer: string; amountCents: number };
  'support-message': { name: string; email: string };
}

type StaffEventRecord = {
  [E in StaffEvent]: {
    event: E;
    /** The console page the mail links to. */
    target: { type: 'invoice' | 'customer' | 'support-message'; id: string };
    details: EventDetails[E];
  };
}[StaffEvent];

const consolePath = (target: Pick<Notification, 'targetType' | 'targetId'>) => {
  switch (target.targetType) {
    case 'invoice':
      return consolePagePaths.invoice(target.targetId);
    case 'support-message':
      return consolePagePaths.supportThread(target.targetId);
    default:
      return consolePagePaths.customer(target.targetId);
  }
};

/**
 * Leaves the event for every staff member who opted into it, for the mail job; called inside
 * the transaction that makes the event true, so it is told exactly when it happened.
 */
export async function notifyStaff(tx: Writer, clock: Clock, record: StaffEventRecord): Promise<void> {
  const listeners = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(isNotNull(users.role), isNull(users.erasedAt), sql`${users.staffNotifications} @> ${JSON.stringify([record.event])}::jsonb`),
    );
  if (!listeners.length) return;
  const createdAt = clock.now();
  await tx.insert(staffNotifications).values(
    listeners.map((listener) => ({
      staffUserId: listener.id,
      event: record.event,
      targetType: record.target.type,
      targetId: record.target.id,
      details: { ...record.details },
      createdAt,
    })),
  );
}

const optedInto = (user: Pick<typeof users.$inferSelect, 'staffNotifications'>): StaffEvent[] =>
  staffEvents.filter((event) => user.staffNotifications?.includes(event));

export function notificationSettings(session: StaffSession): NotificationSettings {
  return { Events: optedInto(session.user) };
}

/** A staff member's own choice of mail; answers the audit key, or null when nothing changed. */
export async function changeNotificationSettings(
  deps: Pick<BackendDeps, 'db' | 'clock'>,
  session: StaffSession,
  chosen: readonly StaffEvent[],
): Promise<string | null> {
  const events = staffEvents.filter((event) => chosen.includes(event));
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, session.user.id)).for('update');
    const before = optedInto(current);
    if (before.join() === events.join()) return null;
    await tx.update(users).set({ staffNotifications: events }).where(eq(users.id, session.user.id));
    return recordAudit(tx, deps.clock, session, {
      action: 'staff.notifications.change',
      targetType: 'staff',
      targetId: session.user.id,
      before: { events: before },
      after: { events },
    });
  });
}

/** One waiting event in the reader's words, with its console page. */
async function describe(tx: Pick<Db, 'select'>, row: Notification, language: ApiLanguage, origin: string) {
  const event = row.event as StaffEvent;
  const details = row.details as Record<string, string | number>;
  const values: Record<string, string> = Object.fromEntries(Object.entries(details).map(([name, value]) => [name, String(value)]));
  if (typeof details.amountCents === 'number') values.amount = formatUsd(details.amountCents);
  if (typeof details.offerKey === 'string') {
    const [offer] = await tx.select({ description: offers.description }).from(offers).where(eq(offers.key, details.offerKey));
    values.offer = offer?.description[language] ?? details.offerKey;
  }
  return { ...staffEventWords(language, event, values), link: pageLink(origin, language, consolePath(row)) };
}

/**
 * Mails one staff member what waits for them: a mail of its own for a single event, a digest
 * for several. Rows are claimed with SKIP LOCKED, so two backends never mail the same ones.
 * Events of a staff member who lost the role or opted out since are dropped unmailed.
 */
async function mailWaiting(deps: BackendDeps, staffUserId: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const claimed = await tx
      .select()
      .from(staffNotifications)
      .where(and(eq(staffNotifications.staffUserId, staffUserId), isNull(staffNotifications.mailedAt)))
      .orderBy(asc(staffNotifications.createdAt), asc(staffNotifications.id))
      .limit(eventsPerMail)
      .for('update', { skipLocked: true });
    if (!claimed.length) return false;
    await tx
      .update(staffNotifications)
      .set({ mailedAt: now })
      .where(
        inArray(
          staffNotifications.id,
          claimed.map((row) => row.id),
        ),
      );
    const [staff] = await tx.select().from(users).where(eq(users.id, staffUserId));
    const wanted = staff?.role && !staff.erasedAt ? optedInto(staff) : [];
    const rows = claimed.filter((row) => (wanted as string[]).includes(row.event));
    if (!staff || !rows.length) return false;
    const language = pickLanguage(staff.language);
    const origin = mailOrigin(deps.config);
    const items = await Promise.all(rows.map((row) => describe(tx, row, language, origin)));
    const eventKey = `staff-notification:${rows[0].id}`;
    if (items.length === 1) {
      const [item] = items;
      await queueMail(tx, deps, {
        to: staff.email,
        kind: 'staffNotice',
        language,
        values: { title: item.title, summary: item.line, link: item.link },
        eventKey,
      });
    } else {
      await queueMail(tx, deps, {
        to: staff.email,
        kind: 'staffDigest',
        language,
        values: { count: String(items.length), items: items.map((item) => ({ text: item.line, href: item.link })) },
        eventKey,
      });
    }
    return true;
  });
}

/**
 * The staff mail job: for each staff member whose oldest waiting event is at least the batching
 * window old, one mail with everything waiting. Answers how many mails it queued.
 */
export async function mailStaffNotifications(deps: BackendDeps): Promise<number> {
  const due = await deps.db
    .select({ staffUserId: staffNotifications.staffUserId })
    .from(staffNotifications)
    .where(isNull(staffNotifications.mailedAt))
    .groupBy(staffNotifications.staffUserId)
    .having(lte(min(staffNotifications.createdAt), new Date(deps.clock.now().getTime() - staffMailBatchMs)))
    .limit(staffPerRun);
  let mailed = 0;
  for (const { staffUserId } of due) if (await mailWaiting(deps, staffUserId)) mailed++;
  if (mailed) deps.kickOutbox();
  return mailed;
}
