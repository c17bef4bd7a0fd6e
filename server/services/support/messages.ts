import type { SupportMessage } from '../../../lib/contract/support';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { supportMessages, users } from '../../db/schema';
import { queueMail } from '../../email/outbox';
import type { BackendDeps } from '../../deps';
import { pickLanguage, type ApiLanguage } from '../platform/language';
import { limits } from '../platform/rate-limit';
import { notifyStaff } from '../staff/notifications';

/** Stored first, then mailed to support through the outbox: nothing is lost while mail is down. */
export async function receiveSupportMessage(
  deps: BackendDeps,
  message: SupportMessage,
  sender: { ip: string; userId: string | null; language: ApiLanguage },
): Promise<void> {
  const { ip, userId } = sender;
  await deps.rateLimiter.hit(`support:ip:${ip}`, limits.supportPerIp, 'tooManyMessages');
  const left = await deps.rateLimiter.hit('support:all', limits.supportAllSenders, 'supportBusy');
  await deps.db.transaction(async (tx) => {
    // Once per window, with the message that used it up.
    if (left === 0) await tellOwnersOfFlood(tx, deps);
    const [stored] = await tx
      .insert(supportMessages)
      .values({
        fullName: message.FullName,
        emailAddress: message.EmailAddress,
        phone: message.Phone || null,
        message: message.Message,
        userId,
        senderVerified: userId !== null && (await accountEmail(tx, userId)) === message.EmailAddress,
        language: sender.language,
      })
      .returning({ id: supportMessages.id });
    await notifyStaff(tx, deps.clock, {
      event: 'support-message',
      target: { type: 'support-message', id: stored.id },
      details: { name: message.FullName, email: message.EmailAddress },
    });
    await queueMail(tx, deps, {
      to: deps.config.mail.supportInbox,
      kind: 'supportMessage',
      language: 'en',
      values: { name: message.FullName, email: message.EmailAddress, phone: message.Phone || '—', message: message.Message },
      replyTo: message.EmailAddress,
    });
  });
  deps.kickOutbox();
}

/** The signed-in sender's own address, which the sign-up's code proved; the form's field is canonical too. */
async function accountEmail(tx: Pick<Db, 'select'>, userId: string): Promise<string | undefined> {
  const [account] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return account?.email;
}

/** Mails every owner that the form has taken its most for the hour, each in their language. */
async function tellOwnersOfFlood(tx: Pick<Db, 'select' | 'insert'>, deps: BackendDeps): Promise<void> {
  const owners = await tx
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(and(eq(users.role, 'owner'), isNull(users.erasedAt)));
  const limit = String(limits.supportAllSenders.max);
  for (const owner of owners) {
    await queueMail(tx, deps, { to: owner.email, kind: 'supportFlood', language: pickLanguage(owner.language), values: { limit } });
  }
}
