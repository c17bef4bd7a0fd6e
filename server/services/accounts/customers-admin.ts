import { and, desc, eq, exists, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { CustomerDetail, CustomerRow } from '../../../lib/contract/admin';
import { invoices, sessions, subscriptions, users } from '../../db/schema';
import type { Db } from '../../db/database';
import type { BackendDeps } from '../../deps';
import { ApiError } from '../../errors';
import { deviceOf, idleLimitOf, liveAt, type StaffSession } from './sessions';
import { activeProvider, providerCall } from '../payments/active-provider';
import { recordAudit } from '../staff/audit';
import { toInvoiceModels } from '../billing/invoices';
import { toCustomerRow } from '../staff/access';
import { listOwnSubscriptions, toSubscriptionModel } from '../billing/subscriptions';

export const customerSearchLimit = 50;

/** The search text taken literally: % and _ (and the escape itself) match only themselves. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * Newest first; matches the address or the display name anywhere, ignoring case, or the number,
 * billing name or billing address of one of the account's invoices. Erased accounts are left out.
 */
export async function searchCustomers(db: Db, query: string): Promise<CustomerRow[]> {
  const text = query.trim();
  const pattern = likePattern(text);
  const billedAs = exists(
    db
      .select({ one: sql`1` })
      .from(invoices)
      .where(
        and(
          eq(invoices.userId, users.id),
          or(ilike(invoices.number, pattern), ilike(invoices.billingName, pattern), ilike(invoices.billingEmail, pattern)),
        ),
      ),
  );
  const rows = await db
    .select()
    .from(users)
    .where(and(isNull(users.erasedAt), text ? or(ilike(users.email, pattern), ilike(users.displayName, pattern), billedAs) : undefined))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(customerSearchLimit);
  return rows.map(toCustomerRow);
}

/** A customer not erased, or a 404; locked for the transaction when asked. */
export async function findCustomer(db: Pick<Db, 'select'>, id: string, lock = false) {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.erasedAt)));
  const [user] = lock ? await query.for('update') : await query;
  if (!user) throw new ApiError(404, { key: 'notFound' });
  return user;
}

/** One customer with every invoice and subscription (as the customer sees them, in English) and their live sessions. */
export async function customerDetail(deps: BackendDeps, id: string): Promise<CustomerDetail> {
  const { db, clock, config } = deps;
  const user = await findCustomer(db, id);
  const now = clock.now();
  const [invoiceRows, subscriptionRows, sessionRows] = await Promise.all([
    db.select().from(invoices).where(eq(invoices.userId, id)).orderBy(desc(invoices.createdAt), desc(invoices.number)),
    listOwnSubscriptions(db, id),
    db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, id), liveAt(now, idleLimitOf(user, config.sessionIdleMs))))
      .orderBy(desc(sessions.createdAt)),
  ]);
  return {
    Customer: toCustomerRow(user),
    Invoices: await toInvoiceModels(deps, invoiceRows, 'en'),
    Subscriptions: subscriptionRows.map((row) => toSubscriptionModel(row, now, 'en')),
    Sessions: sessionRows.map((session) => ({
      CreatedDate: session.createdAt.toISOString(),
      LastSeenDate: session.lastSeenAt.toISOString(),
      ExpiresDate: session.expiresAt.toISOString(),
      ...deviceOf(session),
    })),
  };
}

/** The Stripe subscriptions of a customer that would still charge. */
async function renewingAtStripe(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: subscriptions.providerSubscriptionId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.provider, 'stripe'),
        isNotNull(subscriptions.providerSubscriptionId),
        isNotNull(subscriptions.nextRenewalAt),
        eq(subscriptions.isCancelled, false),
        eq(subscriptions.isRenewed, false),
      ),
    );
  return rows.flatMap((row) => (row.id ? [row.id] : []));
}

/**
 * Suspends an account: it cannot log in, its sessions end, and nothing renews. Our renewal
 * jobs skip it; Stripe is told first to pause collection, so a refusal there changes nothing
 * of ours. A staff account loses its role first (an owner's call), so nobody locks out the
 * owners this way. Answers the audit key, or null when it was suspended already.
 */
export async function suspendCustomer(deps: BackendDeps, staff: StaffSession, id: string): Promise<string | null> {
  const { db, clock } = deps;
  if (id === staff.user.id) throw new ApiError(400, { key: 'cannotSuspendSelf' });
  const user = await findCustomer(db, id);
  if (user.role) throw new ApiError(409, { key: 'suspendStaff' });
  if (user.suspendedAt) return null;
  for (const subscription of await renewingAtStripe(db, id)) {
    await providerCall(() => activeProvider(deps, 'stripe').pauseRenewals(subscription));
  }
  return db.transaction(async (tx) => {
    const current = await findCustomer(tx, id, true);
    if (current.suspendedAt || current.role) return null;
    const now = clock.now();
    await tx.update(users).set({ suspendedAt: now }).where(eq(users.id, id));
    await tx.delete(sessions).where(eq(sessions.userId, id));
    return recordAudit(tx, clock, staff, {
      action: 'customer.suspend',
      targetType: 'customer',
      targetId: id,
      before: { suspendedAt: null },
      after: { suspendedAt: now.toISOString() },
    });
  });
}

/** Lifts a suspension: login works again and Stripe collects again; our jobs renew what has come due. */
export async function unsuspendCustomer(deps: BackendDeps, staff: StaffSession, id: string): Promise<string | null> {
  const { db, clock } = deps;
  const user = await findCustomer(db, id);
  if (!user.suspendedAt) return null;
  for (const subscription of await renewingAtStripe(db, id)) {
    await providerCall(() => activeProvider(deps, 'stripe').resumeRenewals(subscription));
  }
  return db.transaction(async (tx) => {
    const current = await findCustomer(tx, id, true);
    if (!current.suspendedAt) return null;
    await tx.update(users).set({ suspendedAt: null }).where(eq(users.id, id));
    return recordAudit(tx, clock, staff, {
      action: 'customer.unsuspend',
      targetType: 'customer',
      targetId: id,
      before: { suspendedAt: current.suspendedAt.toISOString() },
      after: { suspendedAt: null },
    });
  });
}
