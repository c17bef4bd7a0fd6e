import { brand } from '../../lib/config';
import type { SupportMessage } from '../../lib/contract/support';
import { supportMessages } from '../db/schema';
import { queueMail } from '../email/outbox';
import type { BackendDeps } from '../deps';
import { limits } from './rate-limit';

/** Stored first, then mailed to support through the outbox: nothing is lost while mail is down. */
export async function receiveSupportMessage(deps: BackendDeps, message: SupportMessage, ip: string, userId: string | null): Promise<void> {
  await deps.rateLimiter.hit(`support:ip:${ip}`, limits.supportPerIp, 'tooManyMessages');
  await deps.db.transaction(async (tx) => {
    await tx.insert(supportMessages).values({
      fullName: message.FullName,
      emailAddress: message.EmailAddress,
      phone: message.Phone || null,
      message: message.Message,
      userId,
    });
    await queueMail(tx, deps, {
      to: brand.supportEmail,
      kind: 'supportMessage',
      language: 'en',
      values: { name: message.FullName, email: message.EmailAddress, phone: message.Phone || '—', message: message.Message },
      replyTo: message.EmailAddress,
    });
  });
  deps.kickOutbox();
}
