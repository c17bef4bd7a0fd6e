import { and, eq, getTableColumns, inArray, lte, notInArray, sql, sum, type WithSubquery } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { BillingInfo, CartModel, UpdateCartRequest } from '../../lib/contract/store';
import { isFreePlan, US } from '../../lib/contract/offer-rules';
import type { Db } from '../db/database';
import { passThroughReads, type ReadCache } from '../db/read-cache';
import { cartItems, carts } from '../db/schema';
import { ApiError, type ErrorText } from '../errors';
import type { Catalog, Offer } from './catalog';
import { isCountryCode, usStateName } from './reference-data';
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

/**
 * The cart with prices from the catalog and tax from the billing address, all in cents. The
 * rows are remembered until the cart is written (db/read-cache.ts); inside a transaction that
 * may have written them, pass no cache.
 */
export async function priceCart(db: Reader, catalog: Catalog, userId: string, cache: ReadCache = passThroughReads): Promise<PricedCart> {
  // One query: items exist only with their cart row (foreign key), so a left join finds both.
  const rows = await cache.remember(`cart:${userId}`, ['carts', 'cart_items'], () =>
    db
      .select({ cart: carts, item: cartItems })
      .from(carts)
      .leftJoin(cartItems, eq(cartItems.userId, carts.userId))
      .where(eq(carts.userId, userId)),
  );
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

export function toCartModel(priced: PricedCart): CartModel {
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
  };
}

function checkBilling(billing: BillingInfo): ErrorText[] {
  const problems: ErrorText[] = [];
  if (!isCountryCode(billing.CountryCode)) problems.push({ key: 'unknownCountry', values: { code: billing.CountryCode } });
  if (billing.CountryCode === US && !usStateName(billing.StateCode))
    problems.push({ key: 'unknownState', values: { code: billing.StateCode ?? '' } });
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
    if (!offer) problems.push({ key: 'unknownOffer', values: { key } });
    else if (isFreePlan({ TrialDays: offer.trialDays })) problems.push({ key: 'freePlanNotForSale', values: { key } });
  }
  if (update.BillingInfo) problems.push(...checkBilling(update.BillingInfo));
  if (problems.length) throw new ApiError(400, problems);

  // Quantity 0 removes a line when setting, and adds nothing when adding.
  const lines = [...merged]
    .filter(([, quantity]) => quantity > 0)
    .map(([offerKey, quantity]) => ({ offerKey, quantity: Math.min(quantity, 100) }));
  const removed = update.IsAddition ? [] : [...merged].filter(([, quantity]) => quantity === 0).map(([offerKey]) => offerKey);
  const billing = update.BillingInfo;
  const statement = cartWrite(db, {
    billing: Boolean(billing),
    isAddition: update.IsAddition,
    lines: lines.length,
    removed: removed.length,
  });
  const rows = await statement.execute({
    userId,
    ...(billing && billingValues(billing)),
    ...Object.fromEntries(
      lines.flatMap((line, i) => [
        [`key${i}`, line.offerKey],
        [`quantity${i}`, line.quantity],
      ]),
    ),
    ...Object.fromEntries(removed.map((offerKey, i) => [`removed${i}`, offerKey])),
  });
  return { cart: rows[0]?.cart, items: rows.flatMap((row) => (row.item ? [row.item] : [])) };
}

const billingColumns = [
  'billingName',
  'billingAddress1',
  'billingAddress2',
  'billingCity',
  'billingStateCode',
  'billingPostalCode',
  'billingCountryCode',
  'isBusinessPurchase',
] as const;

function billingValues(billing: BillingInfo): Record<(typeof billingColumns)[number], string | boolean | null> {
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
  };
}

interface WriteShape {
  billing: boolean;
  isAddition: boolean;
  lines: number;
  removed: number;
}

/**
 * The cart write for one shape of update, as one statement (its parts run as one atomic write;
 * a write costs a statement per round trip). Built once per database with placeholders
 * (Drizzle's prepared query): building it took longer than PGlite takes to run it. Shapes are
 * few: lines and removals count distinct offers of the catalog.
 */
function cartWrite(db: Db, shape: WriteShape) {
  const key = `${shape.billing}-${shape.isAddition}-${shape.lines}-${shape.removed}`;
  let statements = preparedWrites.get(db);
  if (!statements) preparedWrites.set(db, (statements = new Map()));
  let statement = statements.get(key);
  if (!statement) statements.set(key, (statement = prepareCartWrite(db, shape, `cart-write-${key}`)));
  return statement;
}

function prepareCartWrite(db: Db, shape: WriteShape, name: string) {
  const userId = sql.placeholder('userId');
  const billing = shape.billing ? Object.fromEntries(billingColumns.map((column) => [column, sql.placeholder(column)])) : {};
  const cartRow = db.$with('cart').as(
    db
      .insert(carts)
      .values({ userId, ...billing, updatedAt: sql`now()` })
      .onConflictDoUpdate({ target: carts.userId, set: { ...billing, updatedAt: sql`now()` } })
      .returning(),
  );
  const parts: WithSubquery[] = [cartRow];
  const lineKeys = Array.from({ length: shape.lines }, (_, i) => sql.placeholder(`key${i}`));
  const removedKeys = Array.from({ length: shape.removed }, (_, i) => sql.placeholder(`removed${i}`));
  // Setting: lines given with quantity 0 go. They are other rows than the ones upserted below.
  if (removedKeys.length)
    parts.push(
      db.$with('gone').as(db.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.offerKey, removedKeys)))),
    );
  // The statement's parts all see the cart as it was: the lines it writes come from RETURNING,
  // the others as they were.
  const touchedKeys = [...lineKeys, ...removedKeys];
  const untouched = db
    .select({ offerKey: cartItems.offerKey, quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), touchedKeys.length ? notInArray(cartItems.offerKey, touchedKeys) : undefined));
  let items = untouched.as('item');
  if (lineKeys.length) {
    const lines = lineKeys.map((offerKey, i) => ({ userId, offerKey, quantity: sql.placeholder(`quantity${i}`) }));
    const quantity = shape.isAddition ? sql`least(${cartItems.quantity} + excluded.quantity, 100)` : sql`excluded.quantity`;
    const put = db.$with('put').as(
      db
        .insert(cartItems)
        .values(lines)
        .onConflictDoUpdate({ target: [cartItems.userId, cartItems.offerKey], set: { quantity } })
        .returning({ offerKey: cartItems.offerKey, quantity: cartItems.quantity }),
    );
    parts.push(put);
    items = unionAll(db.select().from(put), untouched).as('item');
  }
  // Drizzle selects a table's columns as one nested object, but not a CTE's: its fields are named here.
  const cart = Object.fromEntries(Object.keys(getTableColumns(carts)).map((column) => [column, cartRow[column as keyof Cart]])) as Pick<
    typeof cartRow,
    keyof Cart
  >;
  return db
    .with(...parts)
    .select({ cart, item: { offerKey: items.offerKey, quantity: items.quantity } })
    .from(cartRow)
    .leftJoin(items, sql`true`)
    .prepare(name);
}

const preparedWrites = new WeakMap<Db, Map<string, ReturnType<typeof prepareCartWrite>>>();

/** App info's CartItemCount: the sum of quantities (remembered until the cart items change). */
export async function cartItemCount(db: Reader, userId: string, cache: ReadCache = passThroughReads): Promise<number> {
  return cache.remember(`cart-count:${userId}`, ['cart_items'], async () => {
    const [row] = await db
      .select({ total: sum(cartItems.quantity) })
      .from(cartItems)
      .where(eq(cartItems.userId, userId));
    return Number(row?.total ?? 0);
  });
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
