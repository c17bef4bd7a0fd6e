import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  ExportFileParamSchema,
  ExportQuerySchema,
  MonthRangeQuerySchema,
  ReportSummarySchema,
  SalesTaxReportSchema,
  TaxPeriodQuerySchema,
  reportLimits,
} from '../../lib/contract/admin-reports';
import { requestLanguage } from '../errors';
import { openedDirectly } from '../middleware/route-access';
import { reportFile } from '../services/staff/report-files';
import { reportSummary, salesTaxReport } from '../services/staff/reports';
import { adminErrorResponses } from './admin-responses';
import { createRouter, jsonContent } from './openapi';

const summaryRoute = createRoute({
  method: 'get',
  path: '/admin/reports/summary',
  tags: ['admin'],
  request: { query: MonthRangeQuerySchema },
  responses: {
    200: jsonContent(
      ReportSummarySchema,
      `Revenue net of tax and refunds by UTC month and by offer, and monthly recurring revenue with its movements, from one month to another (at most ${reportLimits.months})`,
    ),
    ...adminErrorResponses,
  },
});

const salesTaxRoute = createRoute({
  method: 'get',
  path: '/admin/reports/sales-tax',
  tags: ['admin'],
  request: { query: TaxPeriodQuerySchema },
  responses: {
    200: jsonContent(
      SalesTaxReportSchema,
      'Sales, taxable sales, tax collected and refunded by billing country and state, for a month or a quarter',
    ),
    ...adminErrorResponses,
  },
});

const exportRoute = createRoute({
  method: 'get',
  path: '/admin/reports/export/{file}',
  tags: ['admin'],
  // A plain link the browser saves: the session cookie is all it carries.
  middleware: [openedDirectly] as const,
  request: { params: ExportFileParamSchema, query: ExportQuerySchema },
  responses: {
    200: {
      description: `The invoices issued, or the payments or refunds made, from one UTC day to another (at most ${reportLimits.exportDays} days), as CSV sent as it is read`,
      content: { 'text/csv': { schema: z.string() } },
    },
    ...adminErrorResponses,
  },
});

export const adminReportsRoutes = createRouter()
  .openapi(summaryRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await reportSummary(c.get('deps'), c.req.valid('query'), requestLanguage(c)), 200);
  })
  .openapi(salesTaxRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await salesTaxReport(c.get('deps'), c.req.valid('query').period), 200);
  })
  .openapi(exportRoute, (c) => {
    const { fileName, body } = reportFile(c.get('deps'), c.req.valid('param').file, c.req.valid('query'));
    return c.body(body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'no-store',
    });
  });
