import { asc, desc, eq } from 'drizzle-orm';
import type { SupportMessageRow, SupportStatus, SupportThread } from '../../../lib/contract/admin';
import type { Db } from '../../db/database';
import { supportMessages, supportReplies, users } from '../../db/schema';
import { queueMail } from '../../email/outbox';
import type { BackendDeps } from '../../deps';
import { ApiError } from '../../errors';
import type { StaffSession } from '../accounts/sessions';
import { recordAudit } from '../staff/audit';
import { pickLanguage, type ApiLanguage } from '../platform/language';

/** The inbox shows this many at most: older messages are read through their customer or the database. */
export const inboxLimit = 200;

type MessageRow = typeof supportMessages.$inferSelect;

function toRow(message: MessageRow): SupportMessageRow {
  return {
    Key: message.id,
    FullName: message.fullName,
    EmailAddress: message.emailAddress,
    Phone: message.phone,
    Message: message.message,
    Status: message.status,
    CreatedDate: message.createdAt.toISOString(),
    CustomerKey: message.userId,
    SenderVerified: message.senderVerified,
  };
}

export async function listSupportMessages(db: Db, status: SupportStatus | 'all'): Promise<SupportMessageRow[]> {
  const rows = await db
    .select()
    .from(supportMessages)
    .where(status === 'all' ? undefined : eq(supportMessages.status, status))
    .orderBy(desc(supportMessages.createdAt), desc(supportMessages.id))
    .limit(inboxLimit);
  return rows.map(toRow);
}

async function findMessage(db: Pick<Db, 'select'>, id: string, lock = false): Promise<MessageRow> {
  const query = db.select().from(supportMessages).where(eq(supportMessages.id, id));
  const [message] = lock ? await query.for('update') : await query;
  if (!message) throw new ApiError(404, { key: 'notFound' });
  return message;
}

export async function supportThread(db: Db, id: string): Promise<SupportThread> {
  const message = await findMessage(db, id);
  const replies = await db
    .select({ body: supportReplies.body, createdAt: supportReplies.createdAt, staffEmail: users.email })
    .from(supportReplies)
    .leftJoin(users, eq(users.id, supportReplies.staffUserId))
    .where(eq(supportReplies.messageId, id))
    .orderBy(asc(supportReplies.createdAt));
  return {
    ...toRow(message),
    Replies: replies.map((reply) => ({ Body: reply.body, SentDate: reply.createdAt.toISOString(), StaffEmailAddress: reply.staffEmail })),
  };
}

/**
 * The language the message was written in; for a message kept from before that was stored, the
 * account's language when it came signed in, else English.
 */
async function senderLanguage(db: Pick<Db, 'select'>, message: MessageRow): Promise<ApiLanguage> {
  if (message.language) return pickLanguage(message.language);
  if (!message.userId) return 'en';
  const [user] = await db.select({ language: users.language }).from(users).where(eq(users.id, message.userId));
  return pickLanguage(user?.language);
}

/**
 * A staff answer: stored, the message marked answered, and mailed to the sender (the original
 * quoted) in one transaction, so an answer is never recorded without its mail or the reverse.
 */
export async function replyToSupportMessage(deps: BackendDeps, staff: StaffSession, id: string, body: string): Promise<string> {
  const { db, clock } = deps;
  const auditKey = await db.transaction(async (tx) => {
    const message = await findMessage(tx, id, true);
    const now = clock.now();
    const [reply] = await tx
      .insert(supportReplies)
      .values({ messageId: id, staffUserId: staff.user.id, body, createdAt: now })
      .returning({ id: supportReplies.id });
    await tx.update(supportMessages).set({ status: 'answered' }).where(eq(supportMessages.id, id));
    const language = await senderLanguage(tx, message);
    const date = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(message.createdAt);
    await queueMail(tx, deps, {
      to: message.emailAddress,
      kind: 'supportReply',
      language,
      values: { reply: body, date, message: message.message },
    });
    return recordAudit(tx, clock, staff, {
      action: 'support.reply',
      targetType: 'support-message',
      targetId: id,
      before: { status: message.status },
      after: { status: 'answered', replyKey: reply.id },
    });
  });
  deps.kickOutbox();
  return auditKey;
}

/** Answers the audit key, or null when the message already had that status. */
export async function setSupportStatus(
  deps: Pick<BackendDeps, 'db' | 'clock'>,
  staff: StaffSession,
  id: string,
  status: SupportStatus,
): Promise<string | null> {
  return deps.db.transaction(async (tx) => {
    const message = await findMessage(tx, id, true);
    if (message.status === status) return null;
    await tx.update(supportMessages).set({ status }).where(eq(supportMessages.id, id));
    return recordAudit(tx, deps.clock, staff, {
      action: 'support.status',
      targetType: 'support-message',
      targetId: id,
      before: { status: message.status },
      after: { status },
    });
  });
}
