import { and, eq, inArray, lte, sql, sum } from 'drizzle-orm';
import type { BillingInfo, CartModel, HeldSubscription, ShoppingCart, UpdateCartRequest } from '../../../lib/contract/store';
import { isFreePlan, US } from '../../../lib/contract/offer-rules';
import type { Db } from '../../db/database';
import { preparedStatement } from '../../db/prepared';
import { cartItems, carts } from '../../db/schema';
import { ApiError, type ErrorText } from '../../errors';
import { listOwnSubscriptions, toSubscriptionModel } from '../billing/subscriptions';
import type { Catalog, Offer } from './catalog';
import { isCountryCode, isVatIdCountry, usStateName } from './reference-data';
import { taxOn, taxRateFor } from './tax';

type Cart = typeof carts.$inferSelect;
type Reader = Pick<Db, 'select'>;

export interface PricedCart {
  cart: Cart | undefined;
  lines: { offer: Offer; quantity: number; subTotalCents: number }[];
  subTotalCents: number;
  taxCents: number;
  totalCents: number;
  taxRate: { basisPoints: number; exempt: boolean };
}

type CartItem = Pick<typeof cartItems.$inferSelect, 'offerKey' | 'quantity'>;
export interface CartRows {
  cart: Cart | undefined;
  items: CartItem[];
}

/** The cart with prices from the catalog and tax from the billing address, all in cents. */
// One query: items exist only with their cart row (foreign key), so a left join finds both.
const cartWithItems = preparedStatement((db) =>
  db
    .select({ cart: carts, item: cartItems })
    .from(carts)
    .leftJoin(cartItems, eq(cartItems.userId, carts.userId))
    .where(eq(carts.userId, sql.placeholder('userId')))
    .prepare('cart_with_items'),
);

export async function priceCart(db: Db, catalog: Catalog, userId: string): Promise<PricedCart> {
  const rows = await cartWithItems(db).execute({ userId });
  return priceCartRows(catalog, { cart: rows[0]?.cart, items: rows.flatMap((row) => (row.item ? [row.item] : [])) });
}

export async function priceCartRows(catalog: Catalog, { cart, items }: CartRows): Promise<PricedCart> {
  const offered = await catalog.byKey(items.map((item) => item.offerKey));
  const lines = items
    .filter((item) => offered.has(item.offerKey))
    .map((item) => {
      const offer = offered.get(item.offerKey)!;
      return { offer, quantity: item.quantity, subTotalCents: offer.priceCents * item.quantity };
    })
    .sort((a, b) => a.offer.sortOrder - b.offer.sortOrder);
  const subTotalCents = lines.reduce((total, line) => total + line.subTotalCents, 0);
  const taxRate = taxRateFor(cart?.billingCountryCode, cart?.billingStateCode);
  const taxCents = taxOn(subTotalCents, taxRate.basisPoints);
  return { cart, lines, subTotalCents, taxCents, totalCents: subTotalCents + taxCents, taxRate };
}

function toCartModel(priced: PricedCart): CartModel {
  const { cart } = priced;
  return {
    LineItems: priced.lines.map((line) => ({
      Key: line.offer.key,
      Quantity: line.quantity,
      SubTotalAmount: line.subTotalCents,
      AvailableLicenseKey: null,
    })),
    SubTotalAmount: priced.subTotalCents,
    TaxTotalAmount: priced.taxCents,
    TotalAmount: priced.totalCents,
    BillingName: cart?.billingName ?? null,
    BillingAddress1: cart?.billingAddress1 ?? null,
    BillingAddress2: cart?.billingAddress2 ?? null,
    BillingCity: cart?.billingCity ?? null,
    BillingStateCode: cart?.billingStateCode ?? null,
    BillingPostalCode: cart?.billingPostalCode ?? null,
    BillingCountryCode: cart?.billingCountryCode ?? null,
    IsBusinessPurchase: cart?.isBusinessPurchase ?? false,
    IsTaxExempt: priced.taxRate.exempt,
    TaxRateBasisPoints: priced.taxRate.basisPoints,
    BillingCompanyName: cart?.billingCompanyName ?? null,
    BillingTaxId: cart?.billingTaxId ?? null,
    PurchaseOrder: cart?.purchaseOrder ?? null,
  };
}

/**
 * The subscriptions the customer holds and renews, the newest per offer: buying one of these
 * offers again is offered as a seat on it instead (docs/product/store.md#already-held-plans).
 * One cancelled at period end is left out: it ends, so a new one does not double it.
 */
async function heldSubscriptions(db: Db, userId: string, now: Date): Promise<HeldSubscription[]> {
  const held = new Map<string, HeldSubscription>();
  for (const listed of await listOwnSubscriptions(db, userId)) {
    const { offer } = listed;
    const model = toSubscriptionModel(listed, now, 'en');
    if (!model.IsActive || model.IsCancelled || held.has(offer.key)) continue;
    held.set(offer.key, { ServiceOfferKey: offer.key, SubscriptionKey: model.Key, Quantity: model.Quantity });
  }
  return [...held.values()];
}

/** What GET and PUT store/cart answer: the priced cart and the subscriptions held beside it. */
export async function shoppingCart(db: Db, now: Date, userId: string, priced: Promise<PricedCart>): Promise<ShoppingCart> {
  const [cart, held] = await Promise.all([priced, heldSubscriptions(db, userId, now)]);
  return { ...toCartModel(cart), HeldSubscriptions: held };
}

function checkBilling(billing: BillingInfo): ErrorText[] {
  const problems: ErrorText[] = [];
  if (!isCountryCode(billing.CountryCode))
    problems.push({ key: 'unknownCountry', values: { code: billing.CountryCode }, field: 'BillingInfo.CountryCode' });
  if (billing.CountryCode === US && !usStateName(billing.StateCode))
    problems.push({ key: 'unknownState', values: { code: billing.StateCode ?? '' }, field: 'BillingInfo.StateCode' });
  return problems;
}

type Update = Omit<UpdateCartRequest, 'BillingInfo'> & { BillingInfo?: BillingInfo | null };

/**
 * PUT store/cart: IsAddition adds to quantities (the pricing page's single item); otherwise the
 * given lines get the given quantities and the billing info is replaced. Quantity 0 removes a
 * line; lines not given stay, so an item added in another tab survives the cart page's save.
 * Nothing changes on bad input. Answers the cart as written.
 */
export async function updateCart(db: Db, catalog: Catalog, userId: string, update: Update): Promise<CartRows> {
  const merged = new Map<string, number>();
  for (const item of update.Items) merged.set(item.ServiceOfferKey, (merged.get(item.ServiceOfferKey) ?? 0) + item.Quantity);
  const offered = await catalog.byKey(merged.keys());
  const problems: ErrorText[] = [];
  for (const key of merged.keys()) {
    const offer = offered.get(key);
    if (!offer) problems.push({ key: 'unknownOffer', values: { key }, field: 'Items' });
    else if (isFreePlan({ TrialDays: offer.trialDays })) problems.push({ key: 'freePlanNotForSale', values: { key }, field: 'Items' });
  }
  if (update.BillingInfo) problems.push(...checkBilling(update.BillingInfo));
  if (problems.length) throw new ApiError(400, problems);

  // Quantity 0 removes a line when setting, and adds nothing when adding.
  const lines = [...merged]
    .filter(([, quantity]) => quantity > 0)
    .map(([offerKey, quantity]) => ({ offerKey, quantity: Math.min(quantity, 100) }));
  const removed = update.IsAddition ? [] : [...merged].filter(([, quantity]) => quantity === 0).map(([offerKey]) => offerKey);
  const billing = update.BillingInfo ? billingValues(update.BillingInfo) : {};
  // The cart row first: its lock orders two writes to one cart, and items need it (foreign key).
  return db.transaction(async (tx) => {
    const cart = await writeCart(tx, userId, billing);
    if (removed.length) await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.offerKey, removed)));
    if (lines.length) {
      const quantity = update.IsAddition ? sql`least(${cartItems.quantity} + excluded.quantity, 100)` : sql`excluded.quantity`;
      await tx
        .insert(cartItems)
        .values(lines.map((line) => ({ userId, ...line })))
        .onConflictDoUpdate({ target: [cartItems.userId, cartItems.offerKey], set: { quantity } });
    }
    const items = await tx
      .select({ offerKey: cartItems.offerKey, quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.userId, userId));
    return { cart, items };
  });
}

function writeCart(tx: Pick<Db, 'insert'>, userId: string, billing: Partial<ReturnType<typeof billingValues>>): Promise<Cart> {
  return tx
    .insert(carts)
    .values({ userId, ...billing, updatedAt: sql`now()` })
    .onConflictDoUpdate({ target: carts.userId, set: { ...billing, updatedAt: sql`now()` } })
    .returning()
    .then(([cart]) => cart);
}

/**
 * Replaces only the cart's billing details, with the cart page's checks (staff for a customer,
 * inside their audited transaction): the next invoice of the cart is made with them.
 */
export async function replaceCartBilling(tx: Pick<Db, 'insert'>, userId: string, billing: BillingInfo): Promise<Cart> {
  const problems = checkBilling(billing);
  if (problems.length) throw new ApiError(400, problems);
  return writeCart(tx, userId, billingValues(billing));
}

function billingValues(billing: BillingInfo) {
  return {
    billingName: billing.Name,
    billingAddress1: billing.Address1,
    billingAddress2: billing.Address2 || null,
    billingCity: billing.City,
    // The contract has already dropped a state outside the US.
    billingStateCode: billing.StateCode ?? null,
    billingPostalCode: billing.PostalCode,
    billingCountryCode: billing.CountryCode,
    isBusinessPurchase: billing.IsBusinessPurchase,
    billingCompanyName: billing.CompanyName ?? null,
    // A tax ID is asked for only where the country has VAT IDs; elsewhere it is dropped, as a state outside the US is.
    billingTaxId: isVatIdCountry(billing.CountryCode) ? (billing.TaxId ?? null) : null,
    purchaseOrder: billing.PurchaseOrder ?? null,
  };
}

/** App info's CartItemCount: the sum of quantities. */
export async function cartItemCount(db: Reader, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sum(cartItems.quantity) })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  return Number(row?.total ?? 0);
}

/**
 * Takes what a paid invoice bought out of the cart. What was added since (the buyer paid an
 * older invoice, or shopped in another tab) stays; a line bought in full leaves.
 */
export async function removePaidFromCart(
  db: Pick<Db, 'update' | 'delete'>,
  userId: string,
  paid: readonly { offerKey: string; quantity: number }[],
): Promise<void> {
  for (const line of paid) {
    await db
      .update(cartItems)
      .set({ quantity: sql`${cartItems.quantity} - ${line.quantity}` })
      .where(and(eq(cartItems.userId, userId), eq(cartItems.offerKey, line.offerKey)));
  }
  await db.delete(cartItems).where(and(eq(cartItems.userId, userId), lte(cartItems.quantity, 0)));
}
