import { eq } from 'drizzle-orm';
import { checkoutSessions } from '../../db/schema';
import type { BackendDeps } from '../../deps';
import { ApiError } from '../../errors';
import type { ActiveSession } from '../accounts/sessions';
import { activeProvider } from './active-provider';
import { fulfilCheckout } from './fulfil';
import { ManualProvider, outcomeOfCard } from './manual';

/**
 * The manual provider's card form posts here. A success card completes and fulfils the
 * checkout; a decline card leaves it open for another try. No card data is stored.
 */
export async function payWithTestCard(deps: BackendDeps, session: ActiveSession, clientSecret: string, cardNumber: string) {
  const provider = activeProvider(deps, 'manual');
  if (!(provider instanceof ManualProvider)) throw new ApiError(404, { key: 'providerInactive', values: { provider: 'manual' } });
  const checkout = await provider.sessionOfSecret(clientSecret);
  if (!checkout || checkout.userId !== session.user.id) throw new ApiError(404, { key: 'sessionUnknown' });
  // A checkout of an earlier version of the invoice was expired when the newer one started.
  if (checkout.status !== 'open') throw new ApiError(400, { key: 'sessionClosed' });
  const outcome = outcomeOfCard(cardNumber);
  if (outcome === 'declined') return { Status: 'declined' as const, SessionId: checkout.id };
  await deps.db.update(checkoutSessions).set({ status: 'complete', testCardOutcome: outcome }).where(eq(checkoutSessions.id, checkout.id));
  const state = await provider.checkoutState(checkout.id);
  await fulfilCheckout(deps, checkout.id, 'manual', state, outcome);
  return { Status: 'complete' as const, SessionId: checkout.id };
}
