import { eq } from 'drizzle-orm';
import { checkoutSessions } from '../../db/schema';
import type { BackendDeps } from '../../deps';
import { ApiError } from '../../errors';
import type { ActiveSession } from '../accounts/sessions';
import { alreadyPaid, findOwnInvoice } from '../billing/invoices';
import { activeProvider } from './active-provider';
import { fulfilCheckout } from './fulfil';
import { ManualProvider, outcomeOfCard, testCardOnFile, type TestCardInput } from './manual';

/**
 * The manual provider's card form posts here. A success card completes and fulfils the
 * checkout and becomes the card on file (its last four, expiry and test outcome); a decline
 * card leaves it open for another try.
 */
export async function payWithTestCard(deps: BackendDeps, session: ActiveSession, clientSecret: string, card: TestCardInput) {
  const provider = activeProvider(deps, 'manual');
  if (!(provider instanceof ManualProvider)) throw new ApiError(404, { key: 'providerInactive', values: { provider: 'manual' } });
  const checkout = await provider.sessionOfSecret(clientSecret);
  if (!checkout || checkout.userId !== session.user.id) throw new ApiError(404, { key: 'sessionUnknown' });
  if (checkout.status !== 'open') {
    // Another checkout of the invoice (another tab) was paid, which closed this one.
    const invoice = await findOwnInvoice(deps.db, session.user.id, checkout.invoiceId);
    if (invoice.fullyPaidAt) throw alreadyPaid(invoice);
    // A checkout of an earlier version of the invoice was expired when the newer one started.
    throw new ApiError(400, { key: 'sessionClosed' });
  }
  const outcome = outcomeOfCard(card.CardNumber);
  if (outcome === 'declined') return { Status: 'declined' as const, SessionId: checkout.id };
  await deps.db.update(checkoutSessions).set({ status: 'complete', testCardOutcome: outcome }).where(eq(checkoutSessions.id, checkout.id));
  const state = await provider.checkoutState(checkout.id);
  await fulfilCheckout(deps, checkout.id, 'manual', { ...state, card: testCardOnFile(card, outcome) }, outcome);
  return { Status: 'complete' as const, SessionId: checkout.id };
}
