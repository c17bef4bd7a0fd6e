import { and, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { subscriptions } from '../../db/schema';
import type { BackendDeps } from '../../deps';
import { ApiError } from '../../errors';
import { activeProvider, providerCall } from '../payments/active-provider';
import { ProviderUnavailableError } from '../payments/provider';
import { queueCancellation, queueDeletionCancelled } from './mail';
import { findOwnSubscription } from './subscriptions';

type Subscription = typeof subscriptions.$inferSelect;

type ProviderRef = Pick<Subscription, 'provider' | 'providerSubscriptionId'>;

/** The Stripe subscriptions among the rows, each once (one Stripe subscription renews every line of its checkout). */
const stripeIdsOf = (rows: ProviderRef[]) =>
  new Set(rows.flatMap((row) => (row.provider === 'stripe' && row.providerSubscriptionId ? [row.providerSubscriptionId] : [])));

/**
 * Tells Stripe to stop renewing, once per Stripe subscription among the rows, before our rows
 * change, so a refusal there leaves our record as it was. Answers the Stripe ids told.
 */
export async function stopRenewalsAtProvider(deps: BackendDeps, rows: ProviderRef[]): Promise<Set<string>> {
  const stripeIds = stripeIdsOf(rows);
  for (const id of stripeIds) await providerCall(() => activeProvider(deps, 'stripe').cancelAtPeriodEnd(id));
  return stripeIds;
}

/**
 * Cancel at period end: no more renewals, the paid period stays (with Stripe, told first); the
 * customer is told by mail. `within` runs in the same write when it cancels (the console's audit).
 */
export async function cancelSubscription(
  deps: BackendDeps,
  userId: string,
  id: string,
  within?: (tx: Db, cancelled: Subscription) => Promise<void>,
): Promise<void> {
  const { subscription } = await findOwnSubscription(deps.db, userId, id);
  if (!subscription.nextRenewalAt || subscription.isCancelled) throw new ApiError(400, { key: 'notCancellable' });
  await stopRenewalsAtProvider(deps, [subscription]);
  await deps.db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(subscriptions)
      .set({ isCancelled: true, nextRenewalAt: null })
      .where(and(eq(subscriptions.id, subscription.id), eq(subscriptions.isCancelled, false)))
      .returning();
    if (cancelled) await queueCancellation(tx, deps, cancelled);
    if (cancelled && within) await within(tx, cancelled);
  });
  deps.kickOutbox();
}

/**
 * Undoes a cancel while the paid period runs: it renews again at the period's end, as before
 * the cancel (a period's renewal is due when it expires). With Stripe, Stripe is told first,
 * so a refusal there (the subscription ended) changes nothing of ours.
 */
export async function resumeSubscription(deps: BackendDeps, userId: string, id: string): Promise<void> {
  const { subscription } = await findOwnSubscription(deps.db, userId, id);
  const resumable = and(
    eq(subscriptions.id, subscription.id),
    eq(subscriptions.isCancelled, true),
    eq(subscriptions.isValid, true),
    eq(subscriptions.isRenewed, false),
    eq(subscriptions.renewalFailed, false),
    gt(subscriptions.expiresAt, deps.clock.now()),
  );
  const [current] = await deps.db.select({ id: subscriptions.id }).from(subscriptions).where(resumable);
  if (!current) throw new ApiError(400, { key: 'notResumable' });
  for (const stripeId of stripeIdsOf([subscription]))
    await providerCall(() => activeProvider(deps, 'stripe').undoCancelAtPeriodEnd(stripeId));
  await deps.db
    .update(subscriptions)
    .set({ isCancelled: false, nextRenewalAt: sql`${subscriptions.expiresAt}` })
    .where(resumable);
}

/** The user's subscriptions that would renew. */
const renewingOf = (userId: string) =>
  and(
    eq(subscriptions.userId, userId),
    isNotNull(subscriptions.nextRenewalAt),
    eq(subscriptions.isCancelled, false),
    eq(subscriptions.isRenewed, false),
  );

/**
 * An account being deleted is charged no more, in two steps: first Stripe stops every renewal
 * it would charge (a refusal there changes nothing of ours), then `holdRenewalsForDeletion`
 * cancels our rows inside the deletion's own write. Answers the Stripe ids told.
 */
export async function stopAllRenewalsAtProvider(deps: BackendDeps, userId: string): Promise<Set<string>> {
  return stopRenewalsAtProvider(deps, await deps.db.select().from(subscriptions).where(renewingOf(userId)));
}

/**
 * Cancels the user's renewing rows for a scheduled deletion; each keeps the renewal date it had,
 * so that a login cancelling the deletion can give it back. Rows the customer had cancelled do
 * not renew, so they keep none. Answers the rows.
 */
export function holdRenewalsForDeletion(db: Pick<Db, 'update'>, userId: string): Promise<Subscription[]> {
  return db
    .update(subscriptions)
    .set({ isCancelled: true, nextRenewalAt: null, renewalHeldForDeletionAt: sql`${subscriptions.nextRenewalAt}` })
    .where(renewingOf(userId))
    .returning();
}

/** The user's held rows whose paid period still runs: a cancelled deletion gives them their renewal back. */
const restorableOf = (userId: string, now: Date) =>
  and(
    eq(subscriptions.userId, userId),
    isNotNull(subscriptions.renewalHeldForDeletionAt),
    eq(subscriptions.isValid, true),
    eq(subscriptions.isRenewed, false),
    gt(subscriptions.expiresAt, now),
  );

/** Forgets the renewal dates held for a deletion: it was cancelled, or carried out. */
export async function dropRenewalHolds(db: Pick<Db, 'update'>, userId: string): Promise<void> {
  await db
    .update(subscriptions)
    .set({ renewalHeldForDeletionAt: null })
    .where(and(eq(subscriptions.userId, userId), isNotNull(subscriptions.renewalHeldForDeletionAt)));
}

/** Asks Stripe to renew a subscription again; false, and logged, when it refuses or is no longer the provider. */
async function renewsAgainAtStripe(deps: BackendDeps, userId: string, providerSubscriptionId: string): Promise<boolean> {
  try {
    await activeProvider(deps, 'stripe').undoCancelAtPeriodEnd(providerSubscriptionId);
    return true;
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError || error instanceof ApiError)) throw error;
    deps.logger.warn('renewal not restored after a cancelled deletion: Stripe refused', {
      userId,
      providerSubscriptionId,
      error: error.message,
    });
    return false;
  }
}

/**
 * A login cancelled the account's deletion: each renewal the deletion stopped renews again on
 * its held date, while its paid period runs. Stripe is told first, each of its subscriptions
 * once; one Stripe refuses (it ended there, or Stripe is unreachable) stays cancelled and is
 * logged, as the login must not fail for it. Then one write restores the rows, drops every hold
 * and mails the customer what came back and what did not, once per deletion. Called after the
 * login committed: a crash in between leaves renewals stopped, never a charge nobody expects.
 */
export async function restoreHeldRenewals(deps: BackendDeps, userId: string, deletionDueAt: Date): Promise<void> {
  const held = await deps.db.select().from(subscriptions).where(restorableOf(userId, deps.clock.now()));
  const refused = new Set<string>();
  for (const id of stripeIdsOf(held)) if (!(await renewsAgainAtStripe(deps, userId, id))) refused.add(id);
  const isRefused = (row: Subscription) => row.provider === 'stripe' && refused.has(row.providerSubscriptionId ?? '');
  const resumable = held.filter((row) => !isRefused(row)).map((row) => row.id);
  await deps.db.transaction(async (tx) => {
    const restored = resumable.length
      ? await tx
          .update(subscriptions)
          .set({ isCancelled: false, nextRenewalAt: sql`${subscriptions.renewalHeldForDeletionAt}`, renewalHeldForDeletionAt: null })
          .where(and(inArray(subscriptions.id, resumable), restorableOf(userId, deps.clock.now())))
          .returning()
      : [];
    await dropRenewalHolds(tx, userId);
    await queueDeletionCancelled(tx, deps, {
      userId,
      restored,
      refused: held.filter(isRefused),
      eventKey: `deletion-cancelled:${userId}:${deletionDueAt.toISOString()}`,
    });
  });
  deps.kickOutbox();
}
