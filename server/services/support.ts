import { brand } from '../../lib/config';
import type { SupportMessage } from '../../lib/contract/support';
import { supportMessages } from '../db/schema';
import { enqueueMail } from '../email/outbox';
import { renderEmail } from '../email/templates';
import type { BackendDeps } from '../env';
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
    const mail = renderEmail('supportMessage', 'en', {
      name: message.FullName,
      email: message.EmailAddress,
      phone: message.Phone || '—',
      message: message.Message,
    });
    await enqueueMail(tx, deps.clock, brand.supportEmail, mail, message.EmailAddress);
  });
  deps.kickOutbox();
}
