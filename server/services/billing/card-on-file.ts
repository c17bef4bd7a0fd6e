import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { CardOnFile, CardSetupReturnResponse, TestCardUpdateResponse } from '../../../lib/contract/billing';
import { cardPath, CARD_SESSION_PARAM } from '../../../lib/portal-paths';
import type { Db } from '../../db/database';
import { cardsOnFile, checkoutSessions, users } from '../../db/schema';
import type { BackendDeps } from '../../deps';
import { ApiError } from '../../errors';
import type { ActiveSession } from '../accounts/sessions';
import { activeProvider, providerCall } from '../payments/active-provider';
import { outcomeOfCard, testCardOnFile, type TestCardInput } from '../payments/manual';
import type { PaymentCard } from '../payments/provider';
import { StripeProvider, type CardSetupState } from '../payments/stripe';
import type { ApiLanguage } from '../platform/language';
import { limits } from '../platform/rate-limit';

/*
 * The card on file (docs/product/billing.md#card-on-file): one per account, the card its
 * renewals charge. A paid purchase keeps the card that paid; the customer can save another.
 */

/** Keeps a card as the account's card on file, in place of the one before. */
export async function recordCard(db: Pick<Db, 'insert'>, userId: string, provider: string, card: PaymentCard, now: Date): Promise<void> {
  const values = {
    provider,
    providerRef: card.providerRef,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    testCardOutcome: card.testCardOutcome,
    updatedAt: now,
  };
  await db
    .insert(cardsOnFile)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: cardsOnFile.userId, set: values });
}

export async function findCardOnFile(db: Pick<Db, 'select'>, userId: string): Promise<CardOnFile | null> {
  const [row] = await db.select().from(cardsOnFile).where(eq(cardsOnFile.userId, userId));
  return row ? { Brand: row.brand, Last4: row.last4, ExpMonth: row.expMonth, ExpYear: row.expYear } : null;
}

/** How the offline provider's card on file answers a renewal charge; null without one. */
export async function testCardOutcomeOnFile(db: Pick<Db, 'select'>, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ outcome: cardsOnFile.testCardOutcome })
    .from(cardsOnFile)
    .where(and(eq(cardsOnFile.userId, userId), eq(cardsOnFile.provider, 'manual')));
  return row?.outcome ?? null;
}

/** The offline provider's card update: a test card that would pay becomes the card on file; the decline card changes nothing. */
export async function saveTestCard(deps: BackendDeps, session: ActiveSession, card: TestCardInput): Promise<TestCardUpdateResponse> {
  const provider = activeProvider(deps, 'manual');
  const userId = session.user.id;
  const outcome = outcomeOfCard(card.CardNumber);
  if (outcome === 'declined') return { Status: 'declined', Card: await findCardOnFile(deps.db, userId) };
  await recordCard(deps.db, userId, provider.name, testCardOnFile(card, outcome), deps.clock.now());
  return { Status: 'saved', Card: await findCardOnFile(deps.db, userId) };
}

function stripeProvider(deps: BackendDeps): StripeProvider {
  const provider = activeProvider(deps, 'stripe');
  if (!(provider instanceof StripeProvider)) throw new ApiError(404, { key: 'providerInactive', values: { provider: 'stripe' } });
  return provider;
}

/**
 * Stripe's card update: a setup-mode session in the embedded form, for the Stripe customer of
 * the account's latest checkout (whose subscriptions the card is for). Answers its client secret.
 */
export async function startCardSetup(deps: BackendDeps, session: ActiveSession, origin: string, language: ApiLanguage): Promise<string> {
  const provider = stripeProvider(deps);
  const userId = session.user.id;
  // Each call makes a session at Stripe, as a checkout does.
  await deps.rateLimiter.hit(`checkout:user:${userId}`, limits.checkoutsPerCustomer, 'tooManyCheckouts');
  const [latest] = await deps.db
    .select({ customerId: checkoutSessions.providerCustomerId })
    .from(checkoutSessions)
    .where(
      and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.provider, 'stripe'), isNotNull(checkoutSessions.providerCustomerId)),
    )
    .orderBy(desc(checkoutSessions.createdAt))
    .limit(1);
  const created = await providerCall(() =>
    provider.createCardSetup({
      customerId: latest?.customerId ?? null,
      customerEmail: session.user.email,
      userId,
      language,
      returnUrl: `${origin}${cardPath}?${CARD_SESSION_PARAM}={CHECKOUT_SESSION_ID}`,
    }),
  );
  return created.clientSecret;
}

/**
 * A completed setup session's card becomes the default of the Stripe customer and of its
 * subscriptions, then the account's card on file. Run by the return page and by the webhook,
 * in either order or both: each step sets the same values again.
 */
export async function saveSetupCard(deps: BackendDeps, db: Db, provider: StripeProvider, state: CardSetupState): Promise<void> {
  const { userId, customerId, card } = state;
  if (!state.isSetup || state.status !== 'complete' || !userId || !customerId || !card?.providerRef) return;
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.erasedAt)));
  if (!owner) return;
  const paymentMethodId = card.providerRef;
  await providerCall(() => provider.makeDefaultCard(customerId, paymentMethodId));
  await recordCard(db, userId, provider.name, card, deps.clock.now());
}

/** The card page's call on return from Stripe's form: saves the card once the session is complete. */
export async function completeCardSetup(deps: BackendDeps, session: ActiveSession, sessionId: string): Promise<CardSetupReturnResponse> {
  const provider = stripeProvider(deps);
  const userId = session.user.id;
  const state = await providerCall(() => provider.cardSetupState(sessionId));
  if (!state?.isSetup || state.userId !== userId) throw new ApiError(404, { key: 'sessionUnknown' });
  if (state.status === 'complete') await saveSetupCard(deps, deps.db, provider, state);
  return { Status: state.status, Card: await findCardOnFile(deps.db, userId) };
}
