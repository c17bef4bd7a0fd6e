import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { checkoutSessions } from '../../db/schema';
import type { PaymentProvider } from './provider';

/**
 * Closes an invoice's open checkouts (those `which` picks) at the provider, then in our record.
 * One the provider cannot close has been paid meanwhile: its payment reaches fulfilment, which
 * refunds a second payment of a paid invoice.
 */
export async function expireOpenCheckouts(
  db: Pick<Db, 'select' | 'update'>,
  provider: PaymentProvider,
  invoiceId: string,
  which: SQL | undefined,
): Promise<void> {
  const open = await db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.invoiceId, invoiceId),
        eq(checkoutSessions.provider, provider.name),
        eq(checkoutSessions.status, 'open'),
        which,
      ),
    );
  for (const { id } of open) {
    if (await provider.expireCheckout(id)) {
      await db
        .update(checkoutSessions)
        .set({ status: 'expired' })
        .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')));
    }
  }
}
