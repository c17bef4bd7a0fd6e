import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DayRange, ExportFile } from '../../../lib/contract/admin-reports';
import { invoices, payments } from '../../db/schema';
import type { BackendDeps } from '../../deps';
import { describeError } from '../../errors';
import { column, csvStream, moneyColumns, type CsvColumn } from './csv';
import { moneyMoves, withinSpan, type Span } from './reports';

/** Rows read per page of a file. */
const pageSize = 500;

const spanOf = (range: DayRange): Span => ({
  from: new Date(`${range.from}T00:00:00Z`),
  to: new Date(Date.parse(`${range.to}T00:00:00Z`) + 86_400_000),
});

const isoDate = (date: Date | null) => date?.toISOString() ?? null;
const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** What each file says of the invoice behind a row. */
const billedTo = {
  number: invoices.number,
  email: invoices.billingEmail,
  name: invoices.billingName,
  company: invoices.billingCompanyName,
  countryCode: invoices.billingCountryCode,
  stateCode: invoices.billingStateCode,
  isTaxExempt: invoices.isTaxExempt,
};

interface Billed {
  email: string;
  name: string;
  company: string | null;
  countryCode: string;
  stateCode: string | null;
  isTaxExempt: boolean;
}

const billedColumns = <Row extends Billed>(): CsvColumn<Row>[] => [
  ...column<Row>('Customer email', (row) => row.email),
  ...column<Row>('Billing name', (row) => row.name),
  ...column<Row>('Company', (row) => row.company),
  ...column<Row>('Country', (row) => row.countryCode),
  ...column<Row>('State', (row) => row.stateCode),
  ...column<Row>('Tax exempt', (row) => yesNo(row.isTaxExempt)),
];

/** Payments or refunds, each with its share of tax: the rows the report screens add up. */
function movesFile(deps: BackendDeps, span: Span, isPayment: boolean) {
  const moves = moneyMoves(deps.db, span);
  type Move = Awaited<ReturnType<typeof page>>[number];
  const page = (last: { paidAt: Date; id: string } | null) =>
    deps.db
      .select({
        id: moves.id,
        paidAt: moves.paidAt,
        amountCents: moves.amountCents,
        taxCents: moves.taxShareCents,
        description: moves.description,
        provider: moves.provider,
        providerRef: moves.providerRef,
        ...billedTo,
      })
      .from(moves)
      .innerJoin(invoices, eq(invoices.id, moves.invoiceId))
      .where(
        and(
          withinSpan(moves, span),
          eq(moves.isPayment, isPayment),
          last ? sql`(${moves.paidAt}, ${moves.id}) > (${last.paidAt.toISOString()}::timestamptz, ${last.id}::uuid)` : undefined,
        ),
      )
      .orderBy(asc(moves.paidAt), asc(moves.id))
      .limit(pageSize);
  const columns: CsvColumn<Move>[] = [
    ...column<Move>(isPayment ? 'Paid at (UTC)' : 'Refunded at (UTC)', (row) => isoDate(row.paidAt)),
    ...column<Move>('Invoice', (row) => row.number),
    ...billedColumns<Move>(),
    ...column<Move>('Provider', (row) => row.provider),
    ...column<Move>('Reference', (row) => row.providerRef),
    ...column<Move>('Description', (row) => row.description),
    ...moneyColumns<Move>('Amount', (row) => row.amountCents),
    ...moneyColumns<Move>('Tax', (row) => row.taxCents),
    ...moneyColumns<Move>('Net', (row) => row.amountCents - row.taxCents),
  ];
  return { columns, page };
}

/** The invoices made within the range, whatever became of them, with what was paid and refunded on them so far. */
function invoicesFile(deps: BackendDeps, span: Span) {
  const issued = and(gte(invoices.createdAt, span.from), lt(invoices.createdAt, span.to));
  const moneyOf = deps.db
    .select({
      invoiceId: payments.invoiceId,
      paidCents: sql<number>`sum(case when ${payments.isPayment} then ${payments.amountCents} else 0 end)`.mapWith(Number).as('paid_cents'),
      refundedCents: sql<number>`sum(case when ${payments.isPayment} then 0 else ${payments.amountCents} end)`
        .mapWith(Number)
        .as('refunded_cents'),
    })
    .from(payments)
    .where(inArray(payments.invoiceId, deps.db.select({ id: invoices.id }).from(invoices).where(issued)))
    .groupBy(payments.invoiceId)
    .as('money');
  type Invoice = Awaited<ReturnType<typeof page>>[number];
  const page = (last: { createdAt: Date; id: string } | null) =>
    deps.db
      .select({
        id: invoices.id,
        createdAt: invoices.createdAt,
        fullyPaidAt: invoices.fullyPaidAt,
        voidedAt: invoices.voidedAt,
        isVoid: invoices.isVoid,
        taxId: invoices.billingTaxId,
        taxRateBasisPoints: invoices.taxRateBasisPoints,
        subTotalCents: invoices.subTotalCents,
        taxCents: invoices.taxCents,
        totalCents: invoices.totalCents,
        paidCents: sql<number>`coalesce(${moneyOf.paidCents}, 0)`.mapWith(Number),
        refundedCents: sql<number>`coalesce(${moneyOf.refundedCents}, 0)`.mapWith(Number),
        ...billedTo,
      })
      .from(invoices)
      .leftJoin(moneyOf, eq(moneyOf.invoiceId, invoices.id))
      .where(
        and(
          issued,
          last
            ? sql`(${invoices.createdAt}, ${invoices.id}) > (${last.createdAt.toISOString()}::timestamptz, ${last.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(invoices.createdAt), asc(invoices.id))
      .limit(pageSize);
  const status = (row: Invoice) => (row.isVoid ? 'void' : row.fullyPaidAt ? 'paid' : 'open');
  const columns: CsvColumn<Invoice>[] = [
    ...column<Invoice>('Invoice', (row) => row.number),
    ...column<Invoice>('Issued at (UTC)', (row) => isoDate(row.createdAt)),
    ...column<Invoice>('Status', status),
    ...column<Invoice>('Paid at (UTC)', (row) => isoDate(row.fullyPaidAt)),
    ...column<Invoice>('Voided at (UTC)', (row) => isoDate(row.voidedAt)),
    ...billedColumns<Invoice>(),
    ...column<Invoice>('Tax ID', (row) => row.taxId),
    ...column<Invoice>('Tax rate (%)', (row) => (row.taxRateBasisPoints / 100).toFixed(2)),
    ...moneyColumns<Invoice>('Subtotal', (row) => row.subTotalCents),
    ...moneyColumns<Invoice>('Tax', (row) => row.taxCents),
    ...moneyColumns<Invoice>('Total', (row) => row.totalCents),
    ...moneyColumns<Invoice>('Paid', (row) => row.paidCents),
    ...moneyColumns<Invoice>('Refunded', (row) => row.refundedCents),
  ];
  return { columns, page };
}

/** GET /admin/reports/export/{file}: the file's name, and its rows sent as they are read. */
export function reportFile(deps: BackendDeps, file: ExportFile, range: DayRange): { fileName: string; body: ReadableStream<Uint8Array> } {
  const span = spanOf(range);
  const onFailure = (error: unknown) => deps.logger.error('report file stopped', { file, error: describeError(error as Error) });
  const send = <Row>(made: { columns: CsvColumn<Row>[]; page(last: Row | null): Promise<Row[]> }) =>
    csvStream(made.columns, (last) => made.page(last), onFailure);
  return {
    fileName: `${file}-${range.from}-to-${range.to}.csv`,
    body: file === 'invoices' ? send(invoicesFile(deps, span)) : send(movesFile(deps, span, file === 'payments')),
  };
}
