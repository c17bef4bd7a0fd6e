import { createRoute } from '@hono/zod-openapi';
import { AuditFiltersSchema, AuditPageSchema, AuditQuerySchema, OverviewSchema } from '../../lib/contract/admin';
import { requestLanguage } from '../errors';
import { auditFilters, auditPage, auditPageSize } from '../services/staff/audit';
import { overview } from '../services/staff/overview';
import { adminErrorResponses } from './admin-responses';
import { createRouter, jsonContent } from './openapi';

const overviewRoute = createRoute({
  method: 'get',
  path: '/admin/overview',
  tags: ['admin'],
  responses: {
    200: jsonContent(OverviewSchema, 'Revenue of the last twelve months, active subscriptions, monthly recurring revenue, open support'),
    ...adminErrorResponses,
  },
});

const auditRoute = createRoute({
  method: 'get',
  path: '/admin/audit',
  tags: ['admin'],
  request: { query: AuditQuerySchema },
  responses: {
    200: jsonContent(
      AuditPageSchema,
      `Staff actions, newest first, about ${auditPageSize} a page, filtered by staff member, action and UTC days; \`before\` pages on`,
    ),
    ...adminErrorResponses,
  },
});

const auditFiltersRoute = createRoute({
  method: 'get',
  path: '/admin/audit/filters',
  tags: ['admin'],
  responses: { 200: jsonContent(AuditFiltersSchema, 'The staff members who acted and the actions done'), ...adminErrorResponses },
});

export const adminOverviewRoutes = createRouter()
  .openapi(overviewRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await overview(c.get('deps')), 200);
  })
  .openapi(auditRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await auditPage(c.get('deps'), c.req.valid('query'), requestLanguage(c)), 200);
  })
  .openapi(auditFiltersRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await auditFilters(c.get('deps')), 200);
  });
