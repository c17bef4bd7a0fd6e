import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Invoice } from '../../../lib/contract/billing';
import { limits } from '../../../lib/contract/limits';
import { formatUsd } from '../../../lib/contract/presentation';
import { billingContactComplete, US } from '../../../lib/contract/offer-rules';
import { groupBy } from '../../../lib/group-by';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { cartItems, carts, invoiceCounters, invoiceLines, invoices, payments, subscriptions } from '../../db/schema';
import type { BackendDeps } from '../../deps';
import { ApiError } from '../../errors';
import { apiText } from '../../i18n';
import type { PricedCart } from '../store/cart';
import type { Offer } from '../store/catalog';
import type { ApiLanguage } from '../platform/language';
import { countryName, usStateName } from '../store/reference-data';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/**
 * What a payment was: stored in English, as the record says it, and worded in the reader's
 * language when shown (a stored text that is none of these is shown as it is).
 */
const paymentKinds = [
  'paymentCard',
  'paymentCardTest',
  'paymentRenewal',
  'paymentRenewalTest',
  'refundSecondPayment',
  'refundVoidInvoice',
  'refundByStaff',
  'refundInProvider',
] as const;
export type PaymentKind = (typeof paymentKinds)[number];
export const paymentDescription = (kind: PaymentKind) => apiText('en', { key: kind });

const kindOf = (description: string) => paymentKinds.find((candidate) => paymentDescription(candidate) === description);

/** A staff refund's record holds the reason staff gave, else the bare kind (see invoices-admin.ts). */
export function wordedPayment(payment: Pick<PaymentRow, 'description' | 'isPayment'>, language: ApiLanguage): string {
  const kind = kindOf(payment.description);
  if (kind) return apiText(language, { key: kind });
  return payment.isPayment ? payment.description : apiText(language, { key: 'refundWithReason', values: { reason: payment.description } });
}

/** Why money was given back, for the customer: what staff wrote, or why this site gave it back itself; null when nobody said. */
export function refundReason(description: string, language: ApiLanguage): string | null {
  const kind = kindOf(description);
  if (kind === 'refundSecondPayment') return apiText(language, { key: 'refundReasonPaidTwice' });
  if (kind === 'refundVoidInvoice') return apiText(language, { key: 'refundReasonInvoiceVoid' });
  return kind ? null : description;
}

/**
 * A line keeps its English description unless the offer on sale still has it, then it has
 * the offer's own translation (an offer renamed or retired since keeps the invoice as sold).
 */
export function describedLine(
  onSale: ReadonlyMap<string, Offer>,
  line: Pick<InvoiceLineRow, 'offerKey' | 'description'>,
  language: ApiLanguage,
): string {
  const description = onSale.get(line.offerKey)?.description;
  return description?.en === line.description ? description[language] : line.description;
}

/** The next number of the year, e.g. 2026-00042; safe under concurrency (one row update). */
async function nextInvoiceNumber(db: Db, year: number): Promise<string> {
  const [row] = await db
    .insert(invoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning();
  return `${year}-${String(row.last).padStart(5, '0')}`;
}

type BusinessDetails = Pick<InvoiceRow, 'billingCompanyName' | 'billingTaxId' | 'purchaseOrder'>;

/** The business details as the cart's billing form keeps them now: every invoice made from then on carries them. */
async function keptBusinessDetails(db: Pick<Db, 'select'>, userId: string): Promise<BusinessDetails> {
  const [kept] = await db
    .select({ billingCompanyName: carts.billingCompanyName, billingTaxId: carts.billingTaxId, purchaseOrder: carts.purchaseOrder })
    .from(carts)
    .where(eq(carts.userId, userId));
  return kept ?? { billingCompanyName: null, billingTaxId: null, purchaseOrder: null };
}

export interface NewInvoice {
  userId: string;
  email: string;
  billing: Pick<
    InvoiceRow,
    | 'billingName'
    | 'billingAddress1'
    | 'billingAddress2'
    | 'billingCity'
    | 'billingStateCode'
    | 'billingPostalCode'
    | 'billingCountryCode'
    | 'isBusinessPurchase'
  > &
    Partial<BusinessDetails>;
  lines: { offerKey: string; description: string; unitPriceCents: number; quantity: number }[];
  taxRate: { basisPoints: number; exempt: boolean };
  taxCents: number;
  fromCart: boolean;
}

/**
 * The address an invoice was billed to, for the invoices that follow from it (a renewal, a plan
 * change); their business details are the ones the cart keeps now (createInvoice).
 */
export const billedAddressOf = (invoice: InvoiceRow): NewInvoice['billing'] => ({
  billingName: invoice.billingName,
  billingAddress1: invoice.billingAddress1,
  billingAddress2: invoice.billingAddress2,
  billingCity: invoice.billingCity,
  billingStateCode: invoice.billingStateCode,
  billingPostalCode: invoice.billingPostalCode,
  billingCountryCode: invoice.billingCountryCode,
  isBusinessPurchase: invoice.isBusinessPurchase,
});

/** An invoice paid in full by one charge: marked paid, and the payment recorded, in the caller's transaction. */
export async function recordPaidInvoice(
  db: Db,
  invoice: Pick<InvoiceRow, 'id' | 'totalCents'>,
  payment: { paidAt: Date; description: string; provider: string; providerRef: string },
): Promise<void> {
  await db.update(invoices).set({ fullyPaidAt: payment.paidAt }).where(eq(invoices.id, invoice.id));
  await db.insert(payments).values({ invoiceId: invoice.id, amountCents: invoice.totalCents, ...payment });
}

function invoiceFields(clock: Clock, input: NewInvoice) {
  const subTotalCents = input.lines.reduce((total, line) => total + line.unitPriceCents * line.quantity, 0);
  return {
    userId: input.userId,
    createdAt: clock.now(),
    fromCart: input.fromCart,
    ...input.billing,
    billingStateName:
      input.billing.billingCountryCode === US ? usStateName(input.billing.billingStateCode) : input.billing.billingStateCode,
    billingCountryName: countryName(input.billing.billingCountryCode, 'en'),
    billingEmail: input.email,
    isTaxExempt: input.taxRate.exempt,
    taxRateBasisPoints: input.taxRate.basisPoints,
    subTotalCents,
    taxCents: input.taxCents,
    totalCents: subTotalCents + input.taxCents,
  };
}

async function writeLines(db: Db, invoiceId: string, lines: NewInvoice['lines']) {
  await db.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
  await db
    .insert(invoiceLines)
    .values(lines.map((line, position) => ({ invoiceId, position, ...line, subTotalCents: line.unitPriceCents * line.quantity })));
}

export async function createInvoice(db: Db, clock: Clock, input: NewInvoice): Promise<InvoiceRow> {
  const number = await nextInvoiceNumber(db, clock.now().getUTCFullYear());
  // A renewal or a plan change names no business details of its own: it takes those the cart keeps.
  const business = input.billing.billingCompanyName === undefined ? await keptBusinessDetails(db, input.userId) : {};
  const [invoice] = await db
    .insert(invoices)
    .values({ number, ...invoiceFields(clock, input), ...business })
    .returning();
  await writeLines(db, invoice.id, input.lines);
  return invoice;
}

/** What checkout needs of the billing contact (docs/product/validation.md#billing-contact; the contract's rule, on the cart's row). */
function billingComplete(cart: PricedCart['cart']): cart is NonNullable<PricedCart['cart']> & {
  billingName: string;
  billingAddress1: string;
  billingCity: string;
  billingPostalCode: string;
  billingCountryCode: string;
} {
  return (
    cart !== undefined &&
    billingContactComplete({
      BillingName: cart.billingName,
      BillingAddress1: cart.billingAddress1,
      BillingCity: cart.billingCity,
      BillingPostalCode: cart.billingPostalCode,
      BillingCountryCode: cart.billingCountryCode,
      BillingStateCode: cart.billingStateCode,
    })
  );
}

/**
 * The unpaid invoice that a checkout of the cart pays: created on the first checkout, and a
 * new version of the same number when the cart changed since (never two open ones).
 */
export async function invoiceForCart(
  db: Db,
  clock: Clock,
  userId: string,
  email: string,
  priced: PricedCart,
): Promise<{ invoice: InvoiceRow; lines: InvoiceLineRow[] }> {
  if (!priced.lines.length) throw new ApiError(400, { key: 'cartEmpty' });
  if (!billingComplete(priced.cart)) throw new ApiError(400, { key: 'billingRequired' });
  if (priced.totalCents > limits.orderTotalMax)
    throw new ApiError(400, { key: 'orderTooLarge', values: { max: formatUsd(limits.orderTotalMax) } });
  const cart = priced.cart;
  const input: NewInvoice = {
    userId,
    email,
    billing: {
      billingName: cart.billingName,
      billingAddress1: cart.billingAddress1,
      billingAddress2: cart.billingAddress2,
      billingCity: cart.billingCity,
      billingStateCode: cart.billingStateCode,
      billingPostalCode: cart.billingPostalCode,
      billingCountryCode: cart.billingCountryCode,
      isBusinessPurchase: cart.isBusinessPurchase,
      billingCompanyName: cart.billingCompanyName,
      billingTaxId: cart.billingTaxId,
      purchaseOrder: cart.purchaseOrder,
    },
    lines: priced.lines.map((line) => ({
      offerKey: line.offer.key,
      description: line.offer.description.en,
      unitPriceCents: line.offer.priceCents,
      quantity: line.quantity,
    })),
    taxRate: priced.taxRate,
    taxCents: priced.taxCents,
    fromCart: true,
  };
  const [open] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.userId, userId), eq(invoices.fromCart, true), eq(invoices.isVoid, false), sql`${invoices.fullyPaidAt} is null`))
    .for('update');
  if (!open) {
    const invoice = await createInvoice(db, clock, input);
    return { invoice, lines: await linesOf(db, invoice.id) };
  }
  const fields = invoiceFields(clock, input);
  const current = await linesOf(db, open.id);
  const same =
    open.totalCents === fields.totalCents &&
    open.billingName === fields.billingName &&
    open.billingAddress1 === fields.billingAddress1 &&
    open.billingAddress2 === fields.billingAddress2 &&
    open.billingCity === fields.billingCity &&
    open.billingStateCode === fields.billingStateCode &&
    open.billingPostalCode === fields.billingPostalCode &&
    open.billingCountryCode === fields.billingCountryCode &&
    open.billingCompanyName === fields.billingCompanyName &&
    open.billingTaxId === fields.billingTaxId &&
    open.purchaseOrder === fields.purchaseOrder &&
    JSON.stringify(current.map((line) => [line.offerKey, line.quantity, line.unitPriceCents])) ===
      JSON.stringify(input.lines.map((line) => [line.offerKey, line.quantity, line.unitPriceCents]));
  if (same) return { invoice: open, lines: current };
  const [invoice] = await db
    .update(invoices)
    .set({ ...fields, version: open.version + 1 })
    .where(eq(invoices.id, open.id))
    .returning();
  await writeLines(db, invoice.id, input.lines);
  return { invoice, lines: await linesOf(db, invoice.id) };
}

/** The lines of one invoice, or of several (grouped by invoice, each in position order). */
export const linesOf = (db: Pick<Db, 'select'>, invoiceIds: string | string[]) =>
  db
    .select()
    .from(invoiceLines)
    .where(typeof invoiceIds === 'string' ? eq(invoiceLines.invoiceId, invoiceIds) : inArray(invoiceLines.invoiceId, invoiceIds))
    .orderBy(asc(invoiceLines.position));

export async function findOwnInvoice(db: Db, userId: string, invoiceId: string): Promise<InvoiceRow> {
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)));
  // Another user's invoice answers exactly like a missing one (never leak existence).
  if (!invoice) throw new ApiError(404, { key: 'notFound' });
  return invoice;
}

/** Paying an invoice already paid (another tab paid it first) says so; Data carries its key for the link. */
export const alreadyPaid = (invoice: Pick<InvoiceRow, 'id' | 'number'>) =>
  new ApiError(409, { key: 'invoiceAlreadyPaid', values: { number: invoice.number } }, { data: invoice.id });

/**
 * The caller's invoices, newest first: what they owe or paid. The cart's open invoice (made
 * when a checkout starts) is owed only while the cart still holds what it bills; once the cart
 * has changed or emptied, that checkout was abandoned and the invoice is left out until a
 * checkout bills the cart again (it is then updated, keeping its number) or it takes money.
 */
export async function listOwnInvoices(db: Db, userId: string): Promise<InvoiceRow[]> {
  const rows = await db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(desc(invoices.createdAt), desc(invoices.number));
  const open = rows.find((row) => row.fromCart && !row.fullyPaidAt && !row.isVoid);
  if (!open) return rows;
  const [held, billed, paid] = await Promise.all([
    db.select({ offerKey: cartItems.offerKey, quantity: cartItems.quantity }).from(cartItems).where(eq(cartItems.userId, userId)),
    linesOf(db, open.id),
    db.select({ id: payments.id }).from(payments).where(eq(payments.invoiceId, open.id)).limit(1),
  ]);
  const contents = (lines: { offerKey: string; quantity: number }[]) =>
    JSON.stringify(lines.map((line) => [line.offerKey, line.quantity]).sort());
  const abandoned = !paid.length && contents(held) !== contents(billed);
  return abandoned ? rows.filter((row) => row !== open) : rows;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * The API model of invoices in the reader's language (the PDF stays English). Their lines and
 * payments come in one query each, however many invoices there are (a list of N invoices used
 * to cost 2N + 1 queries); the offers' translations come from the in-memory catalog.
 */
export async function toInvoiceModels(
  { db, catalog }: { db: Pick<Db, 'select'>; catalog: BackendDeps['catalog'] },
  rows: InvoiceRow[],
  language: ApiLanguage = 'en',
): Promise<Invoice[]> {
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const [lines, paid, keys] = await Promise.all([
    linesOf(db, ids),
    db.select().from(payments).where(inArray(payments.invoiceId, ids)).orderBy(asc(payments.paidAt)),
    // A subscription line's licence key is its subscription's: one per invoice and offer.
    db
      .select({ invoiceId: subscriptions.invoiceId, offerKey: subscriptions.offerKey, licenseKey: subscriptions.licenseKey })
      .from(subscriptions)
      .where(inArray(subscriptions.invoiceId, ids)),
  ]);
  const keyOfLine = new Map(keys.map((row) => [`${row.invoiceId}/${row.offerKey}`, row.licenseKey]));
  const licenseKey = (line: InvoiceLineRow) => keyOfLine.get(`${line.invoiceId}/${line.offerKey}`) ?? null;
  const onSale = await catalog.byKey(lines.map((line) => line.offerKey));
  const lineDescription = (line: InvoiceLineRow) => describedLine(onSale, line, language);
  const linesOfInvoice = groupBy(lines, (line) => line.invoiceId);
  const paymentsOfInvoice = groupBy(paid, (payment) => payment.invoiceId);
  return rows.map((invoice) =>
    invoiceModel(
      invoice,
      linesOfInvoice.get(invoice.id) ?? [],
      paymentsOfInvoice.get(invoice.id) ?? [],
      { lineDescription, licenseKey },
      language,
    ),
  );
}

export async function toInvoiceModel(
  deps: Pick<BackendDeps, 'db' | 'catalog'>,
  invoice: InvoiceRow,
  language: ApiLanguage = 'en',
): Promise<Invoice> {
  const [model] = await toInvoiceModels(deps, [invoice], language);
  return model;
}

function invoiceModel(
  invoice: InvoiceRow,
  lines: InvoiceLineRow[],
  paid: PaymentRow[],
  { lineDescription, licenseKey }: { lineDescription(line: InvoiceLineRow): string; licenseKey(line: InvoiceLineRow): string | null },
  language: ApiLanguage,
): Invoice {
  const paidCents = paid.reduce((total, payment) => total + (payment.isPayment ? payment.amountCents : -payment.amountCents), 0);
  return {
    Key: invoice.id,
    InvoiceNumber: invoice.number,
    InvoiceVersion: invoice.version,
    CreatedDate: invoice.createdAt.toISOString(),
    FullyPaidDate: iso(invoice.fullyPaidAt),
    IsVoid: invoice.isVoid,
    LineItems: lines.map((line) => ({
      Key: line.offerKey,
      Quantity: line.quantity,
      SubTotalAmount: line.subTotalCents,
      AvailableLicenseKey: licenseKey(line),
      Description: lineDescription(line),
      UnitAmount: line.unitPriceCents,
    })),
    SubTotalAmount: invoice.subTotalCents,
    TaxTotalAmount: invoice.taxCents,
    TotalAmount: invoice.totalCents,
    // A paid invoice owes nothing, also after a refund: the refund gave money back, it did not reopen the bill.
    TotalAmountDue: invoice.isVoid || invoice.fullyPaidAt ? 0 : Math.max(0, invoice.totalCents - paidCents),
    BillingName: invoice.billingName,
    BillingAddress1: invoice.billingAddress1,
    BillingAddress2: invoice.billingAddress2,
    BillingCity: invoice.billingCity,
    BillingStateCode: invoice.billingStateCode,
    // Stored in English for US addresses; shown in the reader's language.
    BillingStateName: (invoice.billingCountryCode === US && usStateName(invoice.billingStateCode, language)) || invoice.billingStateName,
    BillingPostalCode: invoice.billingPostalCode,
    BillingCountryCode: invoice.billingCountryCode,
    BillingCountryName: countryName(invoice.billingCountryCode, language),
    BillingEmailAddress: invoice.billingEmail,
    BillingNotes: invoice.billingNotes,
    IsBusinessPurchase: invoice.isBusinessPurchase,
    IsTaxExempt: invoice.isTaxExempt,
    IsOpenCheckout: invoice.fromCart && !invoice.fullyPaidAt && !invoice.isVoid && !paid.length,
    TaxRateBasisPoints: invoice.taxRateBasisPoints,
    BillingCompanyName: invoice.billingCompanyName,
    BillingTaxId: invoice.billingTaxId,
    PurchaseOrder: invoice.purchaseOrder,
    Payments: paid.map((payment) => ({
      DateTime: payment.paidAt.toISOString(),
      Description: wordedPayment(payment, language),
      Amount: payment.amountCents,
      IsPayment: payment.isPayment,
      IsCard: payment.isCard,
    })),
    Credits: [
      ...(invoice.isVoid
        ? [{ Kind: 'void' as const, DateTime: iso(invoice.voidedAt), Amount: invoice.totalCents, Reason: invoice.voidReason }]
        : []),
      ...paid
        .filter((payment) => !payment.isPayment)
        .map((refund) => ({
          Kind: 'refund' as const,
          DateTime: refund.paidAt.toISOString(),
          Amount: refund.amountCents,
          Reason: refundReason(refund.description, language),
        })),
    ],
  };
}
