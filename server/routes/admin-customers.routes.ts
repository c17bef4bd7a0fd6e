import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  AdminDoneSchema,
  CustomerDetailSchema,
  CustomerRowSchema,
  CustomerSearchQuerySchema,
  UuidParamSchema,
} from '../../lib/contract/admin';
import { staffOf } from '../middleware/staff';
import {
  customerDetail,
  customerSearchLimit,
  searchCustomers,
  suspendCustomer,
  unsuspendCustomer,
} from '../services/accounts/customers-admin';
import { adminErrorResponses } from './admin-responses';
import { conflict, createRouter, jsonContent } from './openapi';

const search = createRoute({
  method: 'get',
  path: '/admin/customers',
  tags: ['admin'],
  request: { query: CustomerSearchQuerySchema },
  responses: {
    200: jsonContent(
      z.array(CustomerRowSchema),
      `Accounts whose address or name, or an invoice's number, billing name or billing email, contains q, newest first (at most ${customerSearchLimit})`,
    ),
    ...adminErrorResponses,
  },
});

const detail = createRoute({
  method: 'get',
  path: '/admin/customers/{id}',
  tags: ['admin'],
  request: { params: UuidParamSchema },
  responses: {
    200: jsonContent(CustomerDetailSchema, 'One customer with invoices, subscriptions and live sessions'),
    ...adminErrorResponses,
  },
});

const suspend = createRoute({
  method: 'post',
  path: '/admin/customers/{id}/suspend',
  tags: ['admin'],
  request: { params: UuidParamSchema },
  responses: {
    200: jsonContent(AdminDoneSchema, 'Suspended: sessions ended, login refused, renewals paused (AuditKey null when it already was)'),
    ...adminErrorResponses,
    ...conflict('A staff account: an owner removes the role first'),
  },
});

const unsuspend = createRoute({
  method: 'post',
  path: '/admin/customers/{id}/unsuspend',
  tags: ['admin'],
  request: { params: UuidParamSchema },
  responses: {
    200: jsonContent(AdminDoneSchema, 'Login and renewals work again (AuditKey null when it was not suspended)'),
    ...adminErrorResponses,
  },
});

export const adminCustomersRoutes = createRouter()
  .openapi(search, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await searchCustomers(c.get('deps').db, c.req.valid('query').q), 200);
  })
  .openapi(detail, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await customerDetail(c.get('deps'), c.req.valid('param').id), 200);
  })
  .openapi(suspend, async (c) => {
    const auditKey = await suspendCustomer(c.get('deps'), staffOf(c), c.req.valid('param').id);
    return c.json({ ErrorMessages: [], AuditKey: auditKey }, 200);
  })
  .openapi(unsuspend, async (c) => {
    const auditKey = await unsuspendCustomer(c.get('deps'), staffOf(c), c.req.valid('param').id);
    return c.json({ ErrorMessages: [], AuditKey: auditKey }, 200);
  });
