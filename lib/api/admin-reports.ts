import type { DayRange, ExportFile, MonthRange, ReportSummary, SalesTaxReport } from '../contract/admin-reports';
import { API_BASE } from '../contract/http';
import { callApi } from './client';

/* The console's reports (lib/contract/admin-reports.ts); silent, as every console read (lib/api/admin.ts). */

export const fetchReportSummary = (range: MonthRange, signal?: AbortSignal) =>
  callApi<ReportSummary>('GET', `admin/reports/summary?${new URLSearchParams({ ...range })}`, { silent: true, signal });

export const fetchSalesTax = (period: string, signal?: AbortSignal) =>
  callApi<SalesTaxReport>('GET', `admin/reports/sales-tax?${new URLSearchParams({ period })}`, { silent: true, signal });

/** A CSV file for the accountant: a plain link the browser saves (the session cookie is all it needs). */
export const reportFileUrl = (file: ExportFile, range: DayRange) =>
  `${API_BASE}admin/reports/export/${file}?${new URLSearchParams({ ...range })}`;
