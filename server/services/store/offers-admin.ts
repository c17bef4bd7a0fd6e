import { isDeepStrictEqual } from 'node:util';
import { asc, eq, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminDone, AdminOffer, OfferCreateSchema, OfferEditSchema } from '../../../lib/contract/admin';
import { offers } from '../../db/schema';
import type { BackendDeps } from '../../deps';
import { ApiError } from '../../errors';
import type { StaffSession } from '../accounts/sessions';
import { providerCall } from '../payments/active-provider';
import { recordAudit } from '../staff/audit';
import type { Offer } from './catalog';

type OfferEdit = z.output<typeof OfferEditSchema>;
type OfferCreate = z.output<typeof OfferCreateSchema>;

function toAdminOffer(offer: Offer): AdminOffer {
  return {
    Key: offer.key,
    Description: offer.description,
    ServiceName: offer.serviceName,
    ServiceHomePage: offer.serviceHomePage,
    AppPage: offer.appPage,
    Price: offer.priceCents,
    Savings: offer.savingsCents,
    TrialDays: offer.trialDays,
    IsSubscription: offer.isSubscription,
    RenewalMonths: offer.renewalMonths,
    Items: offer.items,
    Claims: offer.claims,
    IsActive: offer.isActive,
    ProviderPriceId: offer.providerPriceId,
  };
}

/** Every offer, retired ones too, in the store's order. */
export async function listOffers(deps: Pick<BackendDeps, 'db'>): Promise<AdminOffer[]> {
  const rows = await deps.db.select().from(offers).orderBy(asc(offers.sortOrder), asc(offers.key));
  return rows.map(toAdminOffer);
}

/** The columns an edit sets. */
const editedColumns = (edit: OfferEdit) => ({
  description: edit.Description,
  serviceName: edit.ServiceName,
  serviceHomePage: edit.ServiceHomePage,
  appPage: edit.AppPage,
  priceCents: edit.Price,
  savingsCents: edit.Savings,
  trialDays: edit.TrialDays,
  items: edit.Items,
});

/** The provider's price for the offer at this price, made when a provider keeps prices (Stripe). */
async function providerPrice(
  deps: Pick<BackendDeps, 'payments'>,
  offer: Pick<Offer, 'key' | 'description' | 'priceCents' | 'isSubscription' | 'renewalMonths' | 'providerPriceId'>,
): Promise<string | null> {
  const provider = deps.payments;
  if (!provider) return null;
  return providerCall(() =>
    provider.offerPrice({
      key: offer.key,
      name: offer.description.en,
      priceCents: offer.priceCents,
      renewalMonths: offer.isSubscription ? offer.renewalMonths : null,
      previousPriceId: offer.providerPriceId,
    }),
  );
}

/** Prices with the change at once in this process; the others notice within a second (services/store/catalog.ts). */
async function written(deps: BackendDeps, auditKey: string | null): Promise<AdminDone> {
  await deps.catalog.refresh();
  return { ErrorMessages: [], AuditKey: auditKey };
}

export async function createOffer(deps: BackendDeps, staff: StaffSession, input: OfferCreate): Promise<AdminDone> {
  const [existing] = await deps.db.select({ key: offers.key }).from(offers).where(eq(offers.key, input.Key));
  if (existing) throw new ApiError(409, { key: 'offerExists', values: { key: input.Key } });
  const columns = {
    key: input.Key,
    ...editedColumns(input),
    isSubscription: input.IsSubscription,
    renewalMonths: input.RenewalMonths,
    claims: input.Claims,
  };
  // Asked before anything is written: a provider that refuses leaves no offer behind.
  const providerPriceId = await providerPrice(deps, { ...columns, providerPriceId: null });
  const auditKey = await deps.db.transaction(async (tx) => {
    const [{ last }] = await tx.select({ last: max(offers.sortOrder) }).from(offers);
    const [row] = await tx
      .insert(offers)
      .values({ ...columns, providerPriceId, sortOrder: (last ?? -1) + 1, isActive: true, updatedAt: sql`now()` })
      .onConflictDoNothing()
      .returning();
    // Created by another request since the check above.
    if (!row) throw new ApiError(409, { key: 'offerExists', values: { key: input.Key } });
    return recordAudit(tx, deps.clock, staff, { action: 'offer.create', targetType: 'offer', targetId: row.key, after: toAdminOffer(row) });
  });
  return written(deps, auditKey);
}

async function findOffer(deps: Pick<BackendDeps, 'db'>, key: string): Promise<Offer> {
  const [offer] = await deps.db.select().from(offers).where(eq(offers.key, key));
  if (!offer) throw new ApiError(404, { key: 'notFound' });
  return offer;
}

/** The fields of `after` that differ from `before`, as each side had them. */
function changedFields(before: AdminOffer, after: AdminOffer) {
  const keys = (Object.keys(after) as (keyof AdminOffer)[]).filter((key) => !isDeepStrictEqual(before[key], after[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
    changed: keys.length > 0,
  };
}

/**
 * An edit. A new price prices carts from now on (and the cart's open invoice at its next
 * checkout); paid invoices keep their lines' prices. With Stripe, a new price gets a new Price.
 */
export async function editOffer(deps: BackendDeps, staff: StaffSession, key: string, edit: OfferEdit): Promise<AdminDone> {
  const offer = await findOffer(deps, key);
  const columns = editedColumns(edit);
  const proposed = { ...offer, ...columns };
  if (!changedFields(toAdminOffer(offer), toAdminOffer(proposed)).changed) return { ErrorMessages: [], AuditKey: null };
  const providerPriceId = columns.priceCents === offer.priceCents ? offer.providerPriceId : await providerPrice(deps, proposed);
  return written(deps, await saveChange(deps, staff, offer, { ...columns, providerPriceId }, 'offer.edit'));
}

async function saveChange(
  deps: BackendDeps,
  staff: StaffSession,
  offer: Offer,
  columns: Partial<Omit<Offer, 'key' | 'updatedAt'>>,
  action: string,
): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(offers)
      .set({ ...columns, updatedAt: sql`now()` })
      .where(eq(offers.key, offer.key))
      .returning();
    const { before, after } = changedFields(toAdminOffer(offer), toAdminOffer(row));
    return recordAudit(tx, deps.clock, staff, { action, targetType: 'offer', targetId: offer.key, before, after });
  });
}

/** Takes an offer out of the store (or puts it back); what was sold keeps it. Answers no audit entry when nothing changed. */
export async function setOfferActive(deps: BackendDeps, staff: StaffSession, key: string, isActive: boolean): Promise<AdminDone> {
  const offer = await findOffer(deps, key);
  if (offer.isActive === isActive) return { ErrorMessages: [], AuditKey: null };
  return written(deps, await saveChange(deps, staff, offer, { isActive }, isActive ? 'offer.restore' : 'offer.retire'));
}
