import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { MonthMrr, MonthRange, MonthRevenue, ReportSummary, SalesTaxReport, TaxPlace } from '../../../lib/contract/admin-reports';
import { monthIndex } from '../../../lib/contract/admin-reports';
import type { Db } from '../../db/database';
import { invoiceLines, invoices, offers, payments } from '../../db/schema';
import type { BackendDeps } from '../../deps';
import type { ApiLanguage } from '../platform/language';

/** The UTC start of a month given as its index (monthIndex). */
const monthStart = (index: number) => new Date(Date.UTC(Math.floor(index / 12), index % 12, 1));
const monthName = (index: number) => monthStart(index).toISOString().slice(0, 7);
const dayName = (date: Date) => date.toISOString().slice(0, 10);

/** Half-open UTC range [from, to). */
export interface Span {
  from: Date;
  to: Date;
}

/** The money of a month in the database's terms: the paid-at month, in UTC. */
const monthOfMove = (paidAt: SQLWrapper) => sql<string>`to_char(${paidAt} at time zone 'UTC', 'YYYY-MM')`;

/**
 * Every payment and refund on the invoices that have one within the span, with its share of
 * its invoice's tax. The share comes from the running total of its kind (payments, refunds) on
 * the invoice, so rounding never drifts: an invoice refunded in parts gives back exactly the tax
 * it charged. Running totals need the invoice's earlier rows, so the span is applied by the caller.
 */
export function moneyMoves(db: Db, span: Span) {
  const runningTotal = sql`sum(${payments.amountCents}) over (partition by ${payments.invoiceId}, ${payments.isPayment} order by ${payments.paidAt}, ${payments.id})`;
  const taxOfRunning = (cents: SQL) => sql`round((${cents})::numeric * ${invoices.taxCents} / nullif(${invoices.totalCents}, 0))`;
  const touched = db
    .selectDistinct({ invoiceId: payments.invoiceId })
    .from(payments)
    .where(and(gte(payments.paidAt, span.from), lt(payments.paidAt, span.to)));
  return db
    .select({
      id: payments.id,
      invoiceId: payments.invoiceId,
      paidAt: payments.paidAt,
      isPayment: payments.isPayment,
      amountCents: payments.amountCents,
      description: payments.description,
      provider: payments.provider,
      providerRef: payments.providerRef,
      taxShareCents:
        sql<number>`coalesce(${taxOfRunning(runningTotal)} - ${taxOfRunning(sql`${runningTotal} - ${payments.amountCents}`)}, 0)`
          .mapWith(Number)
          .as('tax_share_cents'),
    })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(inArray(payments.invoiceId, touched))
    .as('moves');
}

type Moves = ReturnType<typeof moneyMoves>;

export const withinSpan = (moves: Moves, span: Span) => and(gte(moves.paidAt, span.from), lt(moves.paidAt, span.to));

/** Refunds count against revenue: a move's amount with its sign. */
const signed = (moves: Moves, cents: SQLWrapper) => sql`case when ${moves.isPayment} then ${cents} else -(${cents}) end`;
const netOf = (moves: Moves) => signed(moves, sql`${moves.amountCents} - ${moves.taxShareCents}`);
const total = (value: SQL) => sql<number>`coalesce(sum(${value}), 0)`.mapWith(Number);

/** Revenue of each month in the range (both ends included), oldest first, empty months as 0. */
export async function revenueByMonth(db: Db, first: number, last: number): Promise<MonthRevenue[]> {
  const span = { from: monthStart(first), to: monthStart(last + 1) };
  const moves = moneyMoves(db, span);
  const month = monthOfMove(moves.paidAt);
  const rows = await db
    .select({
      month,
      taken: total(sql`case when ${moves.isPayment} then ${moves.amountCents} else 0 end`),
      refunded: total(sql`case when ${moves.isPayment} then 0 else ${moves.amountCents} end`),
      tax: total(signed(moves, moves.taxShareCents)),
    })
    .from(moves)
    .where(withinSpan(moves, span))
    .groupBy(month);
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return Array.from({ length: last - first + 1 }, (_, offset) => {
    const name = monthName(first + offset);
    const { taken = 0, refunded = 0, tax = 0 } = byMonth.get(name) ?? {};
    return { Month: name, Taken: taken, Refunded: refunded, Tax: tax, Net: taken - refunded - tax };
  });
}

/**
 * Net revenue by offer: each move's net shared among its invoice's lines by their subtotals,
 * again by running totals, so the offers add up to the month table to the cent.
 */
async function revenueByProduct(db: Db, span: Span, language: ApiLanguage): Promise<ReportSummary['Products']> {
  const moves = moneyMoves(db, span);
  const lines = db
    .select({
      invoiceId: invoiceLines.invoiceId,
      offerKey: invoiceLines.offerKey,
      upTo: sql<number>`sum(${invoiceLines.subTotalCents}) over (partition by ${invoiceLines.invoiceId} order by ${invoiceLines.position})`.as(
        'up_to',
      ),
      whole: sql<number>`sum(${invoiceLines.subTotalCents}) over (partition by ${invoiceLines.invoiceId})`.as('whole'),
      subTotalCents: invoiceLines.subTotalCents,
    })
    .from(invoiceLines)
    .as('lines');
  const shareUpTo = (cents: SQL) => sql`round((${netOf(moves)})::numeric * (${cents}) / nullif(${lines.whole}, 0))`;
  const net = total(sql`coalesce(${shareUpTo(sql`${lines.upTo}`)} - ${shareUpTo(sql`${lines.upTo} - ${lines.subTotalCents}`)}, 0)`);
  const rows = await db
    .select({ offerKey: lines.offerKey, description: offers.description, net })
    .from(moves)
    .innerJoin(lines, eq(lines.invoiceId, moves.invoiceId))
    .innerJoin(offers, eq(offers.key, lines.offerKey))
    .where(withinSpan(moves, span))
    .groupBy(lines.offerKey, offers.description)
    .orderBy(desc(net), asc(lines.offerKey));
  return rows.map((row) => ({ OfferKey: row.offerKey, Name: row.description[language] || row.description.en, Net: row.net }));
}

/** Per customer and month, then month by month: see MonthMrr in the contract. */
async function recurringRevenue(db: Db, first: number, last: number, now: Date): Promise<MonthMrr[]> {
  // Each month is seen at its end (now, for the running one); the month before the range is the baseline.
  // A period staff ended at once is invalid and ends then: it counted until that moment.
  const snapshots = Array.from({ length: last - first + 2 }, (_, offset) => {
    const end = monthStart(first + offset);
    return sql`(${offset}::int, ${(end < now ? end : now).toISOString()}::timestamptz)`;
  });
  const result = (await db.execute(sql`
    with snapshots(position, seen_at) as (values ${sql.join(snapshots, sql`, `)}),
    customers as (
      select snapshots.position, s.user_id,
        round(sum(o.price_cents * s.quantity::numeric / greatest(o.renewal_months, 1))) as mrr
      from snapshots
      join subscriptions s on s.effective_at <= snapshots.seen_at and s.expires_at > snapshots.seen_at
      join offers o on o.key = s.offer_key
      where s.is_activated and (s.is_valid or s.expires_at <= ${now.toISOString()}::timestamptz)
      group by snapshots.position, s.user_id
      having sum(o.price_cents * s.quantity) > 0
    )
    select coalesce(now.position, before.position + 1) as position,
      coalesce(sum(now.mrr), 0) as mrr,
      count(now.user_id) as customers,
      coalesce(sum(case when before.user_id is null then now.mrr end), 0) as new,
      coalesce(sum(case when now.mrr > before.mrr then now.mrr - before.mrr end), 0) as expansion,
      coalesce(sum(case when now.mrr < before.mrr then before.mrr - now.mrr end), 0) as contraction,
      coalesce(sum(case when now.user_id is null then before.mrr end), 0) as churn
    from customers now
    full join customers before on before.user_id = now.user_id and before.position = now.position - 1
    group by 1
  `)) as unknown as { rows: Record<'position' | 'mrr' | 'customers' | 'new' | 'expansion' | 'contraction' | 'churn', string | number>[] };
  const byPosition = new Map(result.rows.map((row) => [Number(row.position), row]));
  return Array.from({ length: last - first + 1 }, (_, offset) => {
    const row = byPosition.get(offset + 1);
    const figure = (name: keyof NonNullable<typeof row>) => Number(row?.[name] ?? 0);
    return {
      Month: monthName(first + offset),
      Mrr: figure('mrr'),
      Customers: figure('customers'),
      New: figure('new'),
      Expansion: figure('expansion'),
      Contraction: figure('contraction'),
      Churn: figure('churn'),
    };
  });
}

/** GET /admin/reports/summary: revenue by month and by offer, and recurring revenue, over a range of months. */
export async function reportSummary(
  deps: Pick<BackendDeps, 'db' | 'clock'>,
  range: MonthRange,
  language: ApiLanguage,
): Promise<ReportSummary> {
  const first = monthIndex(range.from);
  const last = monthIndex(range.to);
  const [months, products, mrr] = await Promise.all([
    revenueByMonth(deps.db, first, last),
    revenueByProduct(deps.db, { from: monthStart(first), to: monthStart(last + 1) }, language),
    recurringRevenue(deps.db, first, last, deps.clock.now()),
  ]);
  return { From: range.from, To: range.to, Months: months, Products: products, Mrr: mrr };
}

/** "2026-05" or "2026-Q2" as months. */
function periodMonths(period: string): { first: number; last: number } {
  const year = Number(period.slice(0, 4));
  if (period[5] === 'Q') {
    const first = year * 12 + (Number(period[6]) - 1) * 3;
    return { first, last: first + 2 };
  }
  const month = monthIndex(period);
  return { first: month, last: month };
}

type TaxFigures = SalesTaxReport['Totals'];

const noTax = (): TaxFigures => ({ Sales: 0, TaxableSales: 0, ExemptSales: 0, TaxCollected: 0, TaxRefunded: 0, NetTax: 0 });

function addTo(figures: TaxFigures, row: { net: number; collected: number; refunded: number; isTaxExempt: boolean }) {
  figures.Sales += row.net;
  if (row.isTaxExempt) figures.ExemptSales += row.net;
  else figures.TaxableSales += row.net;
  figures.TaxCollected += row.collected;
  figures.TaxRefunded += row.refunded;
  figures.NetTax += row.collected - row.refunded;
}

/** GET /admin/reports/sales-tax: a sales tax return's figures for a month or a quarter, by the invoices' billing country and state. */
export async function salesTaxReport(deps: Pick<BackendDeps, 'db'>, period: string): Promise<SalesTaxReport> {
  const { first, last } = periodMonths(period);
  const span = { from: monthStart(first), to: monthStart(last + 1) };
  const moves = moneyMoves(deps.db, span);
  const rows = await deps.db
    .select({
      countryCode: invoices.billingCountryCode,
      countryName: invoices.billingCountryName,
      stateCode: invoices.billingStateCode,
      stateName: invoices.billingStateName,
      isTaxExempt: invoices.isTaxExempt,
      net: total(netOf(moves)),
      collected: total(sql`case when ${moves.isPayment} then ${moves.taxShareCents} else 0 end`),
      refunded: total(sql`case when ${moves.isPayment} then 0 else ${moves.taxShareCents} end`),
    })
    .from(moves)
    .innerJoin(invoices, eq(invoices.id, moves.invoiceId))
    .where(withinSpan(moves, span))
    .groupBy(
      invoices.billingCountryCode,
      invoices.billingCountryName,
      invoices.billingStateCode,
      invoices.billingStateName,
      invoices.isTaxExempt,
    );
  const places = new Map<string, TaxPlace>();
  const totals = noTax();
  for (const row of rows) {
    const key = `${row.countryCode} ${row.stateCode ?? ''}`;
    const place = places.get(key) ?? {
      CountryCode: row.countryCode,
      CountryName: row.countryName,
      StateCode: row.stateCode,
      StateName: row.stateName,
      ...noTax(),
    };
    places.set(key, place);
    addTo(place, row);
    addTo(totals, row);
  }
  const ordered = [...places.values()].sort(
    (a, b) => b.NetTax - a.NetTax || a.CountryCode.localeCompare(b.CountryCode) || (a.StateCode ?? '').localeCompare(b.StateCode ?? ''),
  );
  return {
    Period: period,
    From: dayName(span.from),
    To: dayName(new Date(span.to.getTime() - 86_400_000)),
    Places: ordered,
    Totals: totals,
  };
}
