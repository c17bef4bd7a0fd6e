'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { cells, DataTable } from '@/components/billing/DataTable';
import { useSessionCheckedDownload } from '@/components/account/use-session-checked-download';
import { useValidationText } from '@/components/forms/use-field-error';
import { buttonClass } from '@/components/ui/button-class';
import { cx } from '@/components/ui/cx';
import { DownloadIcon } from '@/components/ui/DownloadIcon';
import { SelectField } from '@/components/ui/SelectField';
import { TextField } from '@/components/ui/TextField';
import { fetchReportSummary, fetchSalesTax, reportFileUrl } from '@/lib/api/admin-reports';
import {
  ExportQuerySchema,
  exportFiles,
  MonthRangeQuerySchema,
  type ReportSummary,
  type SalesTaxReport,
  type TaxPlace,
} from '@/lib/contract/admin-reports';
import { useAdminQuery } from './admin-queries';
import { useMonthLabel } from './Overview';
import { AdminStatus, EmptyState, Panel, ScreenHeading, useMoney } from './parts';

/** The choices of months and quarters reach this far back. */
const monthsOffered = 36;
const quartersOffered = 12;

/** "2026-03" of a month counted back from this one, in UTC. */
function monthBack(back: number, now = new Date()) {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
}

const lastDayOf = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);

const quarterOf = (month: string) => `${month.slice(0, 4)}-Q${Math.floor((Number(month.slice(5, 7)) - 1) / 3) + 1}`;

type RangeProblem = { from?: string; to?: string } | null;

/** What a range breaks of the contract's rules, in the reader's language, under the field it is about. */
function useRangeProblem() {
  const translate = useValidationText();
  return (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }): RangeProblem => {
    const issue = result.error?.issues[0];
    if (result.success || !issue) return null;
    return { [issue.path[0] === 'from' ? 'from' : 'to']: translate(issue.message) };
  };
}

export function Reports() {
  const t = useTranslations('admin.reports');
  return (
    <>
      <ScreenHeading title={t('title')} />
      <div className="flex flex-col gap-10">
        <RevenueSection />
        <SalesTaxSection />
        <ExportSection />
      </div>
    </>
  );
}

function RevenueSection() {
  const t = useTranslations('admin.reports');
  const monthLabel = useMonthLabel();
  const [range, setRange] = useState({ from: monthBack(11), to: monthBack(0) });
  const problem = useRangeProblem()(MonthRangeQuerySchema.safeParse(range));
  const options = Array.from({ length: monthsOffered }, (_, back) => monthBack(back)).map((month) => ({
    value: month,
    label: monthLabel(month),
  }));
  return (
    <Panel title={t('revenue.title')}>
      <div className="flex flex-wrap items-start gap-3">
        <SelectField
          label={t('from')}
          options={options}
          value={range.from}
          error={problem?.from}
          onChange={(event) => setRange({ ...range, from: event.target.value })}
        />
        <SelectField
          label={t('to')}
          options={options}
          value={range.to}
          error={problem?.to}
          onChange={(event) => setRange({ ...range, to: event.target.value })}
        />
      </div>
      <p className="text-sm text-slate-600">{t('revenue.note')}</p>
      {!problem && <SummaryFigures range={range} />}
    </Panel>
  );
}

function SummaryFigures({ range }: { range: { from: string; to: string } }) {
  const { state, retry } = useAdminQuery(['reports', 'summary', range.from, range.to], (signal) => fetchReportSummary(range, signal));
  if (state.status !== 'ready') return <AdminStatus state={state} onRetry={retry} />;
  return (
    <div className="flex flex-col gap-8">
      <MonthTable summary={state.data} />
      <ProductTable summary={state.data} />
      <MrrTable summary={state.data} />
    </div>
  );
}

/** A table's last row: its label, then the sums. */
function TotalRow({ label, amounts }: { label: string; amounts: string[] }) {
  return (
    <tr className="bg-slate-50 font-semibold">
      <th scope="row" className={cells.text}>
        {label}
      </th>
      {amounts.map((amount, index) => (
        <td key={index} className={cells.amount}>
          {amount}
        </td>
      ))}
    </tr>
  );
}

const sum = <Row,>(rows: Row[], figure: (row: Row) => number) => rows.reduce((total, row) => total + figure(row), 0);

function MonthTable({ summary }: { summary: ReportSummary }) {
  const t = useTranslations('admin.reports');
  const money = useMoney();
  const monthLabel = useMonthLabel();
  if (summary.Months.every((month) => month.Taken === 0 && month.Refunded === 0)) return <EmptyState>{t('revenue.empty')}</EmptyState>;
  const figures = ['Taken', 'Refunded', 'Tax', 'Net'] as const;
  return (
    <DataTable
      label={t('revenue.byMonth')}
      caption={t('revenue.byMonth')}
      columns={[
        { label: t('month') },
        { label: t('revenue.taken'), numeric: true },
        { label: t('revenue.refunded'), numeric: true },
        { label: t('revenue.tax'), numeric: true },
        { label: t('revenue.net'), numeric: true },
      ]}
    >
      {summary.Months.map((month) => (
        <tr key={month.Month} data-testid={`revenue-${month.Month}`}>
          <th scope="row" className={cx(cells.date, 'font-medium')}>
            {monthLabel(month.Month)}
          </th>
          {figures.map((figure) => (
            <td key={figure} className={cx(cells.amount, figure === 'Net' && 'font-semibold')}>
              {money(month[figure])}
            </td>
          ))}
        </tr>
      ))}
      <TotalRow label={t('total')} amounts={figures.map((figure) => money(sum(summary.Months, (month) => month[figure])))} />
    </DataTable>
  );
}

function ProductTable({ summary }: { summary: ReportSummary }) {
  const t = useTranslations('admin.reports');
  const money = useMoney();
  if (!summary.Products.length) return null;
  return (
    <DataTable
      label={t('products.title')}
      caption={t('products.title')}
      columns={[{ label: t('products.product') }, { label: t('revenue.net'), numeric: true }]}
    >
      {summary.Products.map((product) => (
        <tr key={product.OfferKey}>
          <th scope="row" className={cx(cells.text, 'font-medium')}>
            {product.Name}
          </th>
          <td className={cells.amount}>{money(product.Net)}</td>
        </tr>
      ))}
      <TotalRow label={t('total')} amounts={[money(sum(summary.Products, (product) => product.Net))]} />
    </DataTable>
  );
}

function MrrTable({ summary }: { summary: ReportSummary }) {
  const t = useTranslations('admin.reports');
  const money = useMoney();
  const monthLabel = useMonthLabel();
  if (summary.Mrr.every((month) => month.Mrr === 0 && month.Churn === 0)) return <EmptyState>{t('mrr.empty')}</EmptyState>;
  const movements = ['New', 'Expansion', 'Contraction', 'Churn'] as const;
  const sign = { New: '+', Expansion: '+', Contraction: '−', Churn: '−' } as const;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-base font-semibold text-slate-900">{t('mrr.title')}</h3>
      <p className="text-sm text-slate-600">{t('mrr.note')}</p>
      <DataTable
        label={t('mrr.title')}
        caption={t('mrr.title')}
        columns={[
          { label: t('month') },
          { label: t('mrr.mrr'), numeric: true },
          { label: t('mrr.customers'), numeric: true },
          ...movements.map((movement) => ({ label: t(`mrr.${movement}`), numeric: true })),
        ]}
      >
        {summary.Mrr.map((month) => (
          <tr key={month.Month} data-testid={`mrr-${month.Month}`}>
            <th scope="row" className={cx(cells.date, 'font-medium')}>
              {monthLabel(month.Month)}
            </th>
            <td className={cx(cells.amount, 'font-semibold')}>{money(month.Mrr)}</td>
            <td className={cells.amount}>{month.Customers}</td>
            {movements.map((movement) => (
              <td key={movement} className={cells.amount}>
                {month[movement] ? `${sign[movement]}${money(month[movement])}` : money(0)}
              </td>
            ))}
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

function SalesTaxSection() {
  const t = useTranslations('admin.reports');
  const monthLabel = useMonthLabel();
  const [kind, setKind] = useState<'month' | 'quarter'>('month');
  const [period, setPeriod] = useState(monthBack(1));
  const months = Array.from({ length: monthsOffered }, (_, back) => monthBack(back));
  const options =
    kind === 'month'
      ? months.map((month) => ({ value: month, label: monthLabel(month) }))
      : Array.from({ length: quartersOffered }, (_, back) => quarterOf(monthBack(back * 3))).map((quarter) => ({
          value: quarter,
          label: t('salesTax.quarterLabel', { quarter: quarter.slice(6), year: quarter.slice(0, 4) }),
        }));
  const chooseKind = (next: 'month' | 'quarter') => {
    setKind(next);
    // The period that holds last month, so the choice stays near what was shown.
    setPeriod(next === 'month' ? monthBack(1) : quarterOf(monthBack(1)));
  };
  return (
    <Panel title={t('salesTax.title')}>
      <div className="flex flex-wrap items-start gap-3">
        <SelectField
          label={t('salesTax.kind')}
          options={[
            { value: 'month', label: t('salesTax.byMonth') },
            { value: 'quarter', label: t('salesTax.byQuarter') },
          ]}
          value={kind}
          onChange={(event) => chooseKind(event.target.value === 'quarter' ? 'quarter' : 'month')}
        />
        <SelectField label={t('salesTax.period')} options={options} value={period} onChange={(event) => setPeriod(event.target.value)} />
      </div>
      <SalesTaxFigures period={period} />
    </Panel>
  );
}

function SalesTaxFigures({ period }: { period: string }) {
  const t = useTranslations('admin.reports');
  const money = useMoney();
  const { state, retry } = useAdminQuery(['reports', 'sales-tax', period], (signal) => fetchSalesTax(period, signal));
  if (state.status !== 'ready') return <AdminStatus state={state} onRetry={retry} />;
  const report: SalesTaxReport = state.data;
  if (!report.Places.length) return <EmptyState>{t('salesTax.empty')}</EmptyState>;
  const figures = ['Sales', 'TaxableSales', 'ExemptSales', 'TaxCollected', 'TaxRefunded', 'NetTax'] as const;
  const placeName = (place: TaxPlace) => (place.CountryCode === 'US' && place.StateName ? place.StateName : place.CountryName);
  return (
    <>
      <p className="text-sm text-slate-600">{t('salesTax.note', { from: report.From, to: report.To })}</p>
      <DataTable
        label={t('salesTax.title')}
        caption={t('salesTax.title')}
        columns={[{ label: t('salesTax.place') }, ...figures.map((figure) => ({ label: t(`salesTax.${figure}`), numeric: true }))]}
      >
        {report.Places.map((place) => (
          <tr key={`${place.CountryCode}-${place.StateCode ?? ''}`} data-testid={`tax-${place.CountryCode}-${place.StateCode ?? ''}`}>
            <th scope="row" className={cx(cells.text, 'font-medium')}>
              {placeName(place)}
            </th>
            {figures.map((figure) => (
              <td key={figure} className={cx(cells.amount, figure === 'NetTax' && 'font-semibold')}>
                {money(place[figure])}
              </td>
            ))}
          </tr>
        ))}
        <TotalRow label={t('total')} amounts={figures.map((figure) => money(report.Totals[figure]))} />
      </DataTable>
    </>
  );
}

function ExportSection() {
  const t = useTranslations('admin.reports');
  const download = useSessionCheckedDownload();
  const lastMonth = monthBack(1);
  const [range, setRange] = useState({ from: `${lastMonth}-01`, to: lastDayOf(lastMonth) });
  const problem = useRangeProblem()(ExportQuerySchema.safeParse(range));
  return (
    <Panel title={t('export.title')}>
      <p className="text-sm text-slate-600">{t('export.note')}</p>
      <div className="flex flex-wrap items-start gap-3">
        <TextField
          label={t('from')}
          type="date"
          value={range.from}
          error={problem?.from}
          onChange={(event) => setRange({ ...range, from: event.target.value })}
        />
        <TextField
          label={t('to')}
          type="date"
          value={range.to}
          error={problem?.to}
          onChange={(event) => setRange({ ...range, to: event.target.value })}
        />
      </div>
      {!problem && (
        <div className="flex flex-wrap gap-3">
          {exportFiles.map((file) => (
            <a
              key={file}
              href={reportFileUrl(file, range)}
              download
              onClick={(event) => void download(event)}
              className={buttonClass(file === 'payments' ? 'primary' : 'plain')}
            >
              <DownloadIcon />
              {t(`export.${file}`)}
            </a>
          ))}
        </div>
      )}
    </Panel>
  );
}
