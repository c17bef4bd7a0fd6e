import { z } from 'zod';
import { messageKey } from './fields';

/*
 * The console's reports (/api/admin/reports/*). Money is counted when it moves: a payment in the
 * UTC month it was taken, a refund in the month it was given back. Each payment and refund is
 * split into tax and the rest in the proportion of its invoice's tax to its total, so revenue is
 * net of tax and refunds, and the accountant's CSV files add up to the figures on screen.
 */

/** The most months the revenue report spans, and the most days one CSV file covers. */
export const reportLimits = { months: 24, exportDays: 366 } as const;

const monthPattern = /^(\d{4})-(0[1-9]|1[0-2])$/;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/** A UTC month, "2026-03". */
const month = () => z.string({ error: 'monthFormat' }).regex(monthPattern, 'monthFormat');

/** A UTC calendar day, "2026-03-31"; one that does not exist (2026-02-30) is refused. */
const day = () =>
  z
    .string({ error: 'dateFormat' })
    .regex(datePattern, 'dateFormat')
    .refine((value) => new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'dateFormat');

/** Months counted from year 0, so two months can be compared and subtracted. */
export const monthIndex = (value: string) => Number(value.slice(0, 4)) * 12 + Number(value.slice(5, 7)) - 1;

const dayCount = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

/** GET /admin/reports/summary?from=2026-01&to=2026-06: both months included. */
export const MonthRangeQuerySchema = z
  .object({ from: month(), to: month() })
  .refine((range) => monthIndex(range.from) <= monthIndex(range.to), { message: 'rangeOrder', path: ['to'] })
  .refine((range) => monthIndex(range.to) - monthIndex(range.from) < reportLimits.months, {
    message: messageKey('monthRangeTooLong', { max: reportLimits.months }),
    path: ['to'],
  });
export type MonthRange = z.infer<typeof MonthRangeQuerySchema>;

/** A month ("2026-05") or a quarter ("2026-Q2") for the sales tax report. */
export const TaxPeriodQuerySchema = z.object({
  period: z.string({ error: 'periodFormat' }).regex(/^\d{4}-(0[1-9]|1[0-2]|Q[1-4])$/, 'periodFormat'),
});

/** GET /admin/reports/export/{file}?from=2026-01-01&to=2026-03-31: both days included. */
export const ExportQuerySchema = z
  .object({ from: day(), to: day() })
  .refine((range) => range.from <= range.to, { message: 'rangeOrder', path: ['to'] })
  .refine((range) => dayCount(range.from, range.to) <= reportLimits.exportDays, {
    message: messageKey('dayRangeTooLong', { max: reportLimits.exportDays }),
    path: ['to'],
  });
export type DayRange = z.infer<typeof ExportQuerySchema>;

export const exportFiles = ['invoices', 'payments', 'refunds'] as const;
export type ExportFile = (typeof exportFiles)[number];
export const ExportFileParamSchema = z.object({ file: z.enum(exportFiles) });

/** Money of a month, in cents: Taken and Refunded as charged (tax included), Tax net of refunded tax. */
const MonthRevenueSchema = z.object({
  Month: z.string(),
  Taken: z.number().int(),
  Refunded: z.number().int(),
  Tax: z.number().int(),
  /** Taken less Refunded less Tax: the revenue. */
  Net: z.number().int(),
});
export type MonthRevenue = z.infer<typeof MonthRevenueSchema>;

/**
 * Monthly recurring revenue at the end of a month (now, for the running month): every valid
 * subscription period at its offer's price a month (a yearly price counts a twelfth). Each
 * customer's figure is compared with the month before: from nothing is New, up is Expansion,
 * down is Contraction, to nothing is Churn; Mrr is last month's plus New and Expansion less the other two.
 */
const MonthMrrSchema = z.object({
  Month: z.string(),
  Mrr: z.number().int(),
  Customers: z.number().int(),
  New: z.number().int(),
  Expansion: z.number().int(),
  Contraction: z.number().int(),
  Churn: z.number().int(),
});
export type MonthMrr = z.infer<typeof MonthMrrSchema>;

export const ReportSummarySchema = z.object({
  From: z.string(),
  To: z.string(),
  /** Every month of the range, oldest first, empty months as 0. */
  Months: z.array(MonthRevenueSchema),
  /** Net revenue of the range by offer, largest first; an invoice's net is shared by its lines' subtotals. */
  Products: z.array(z.object({ OfferKey: z.string(), Name: z.string(), Net: z.number().int() })),
  Mrr: z.array(MonthMrrSchema),
});
export type ReportSummary = z.infer<typeof ReportSummarySchema>;

/** One place's figures, net of tax, in cents. */
const TaxPlaceSchema = z.object({
  CountryCode: z.string(),
  CountryName: z.string(),
  StateCode: z.string().nullable(),
  StateName: z.string().nullable(),
  /** Sales less refunds, without tax. */
  Sales: z.number().int(),
  /** The part of Sales on invoices that charged tax. */
  TaxableSales: z.number().int(),
  ExemptSales: z.number().int(),
  TaxCollected: z.number().int(),
  TaxRefunded: z.number().int(),
  /** TaxCollected less TaxRefunded: what the return owes. */
  NetTax: z.number().int(),
});
export type TaxPlace = z.infer<typeof TaxPlaceSchema>;

export const SalesTaxReportSchema = z.object({
  Period: z.string(),
  /** The period's first day and its last, UTC (YYYY-MM-DD). */
  From: z.string(),
  To: z.string(),
  /** By country and state, the most tax first. */
  Places: z.array(TaxPlaceSchema),
  Totals: TaxPlaceSchema.omit({ CountryCode: true, CountryName: true, StateCode: true, StateName: true }),
});
export type SalesTaxReport = z.infer<typeof SalesTaxReportSchema>;
