import { createRoute } from '@hono/zod-openapi';
import { AdminDoneSchema } from '../../lib/contract/admin';
import {
  InvoiceListPageSchema,
  InvoiceListQuerySchema,
  listPageSize,
  OwedPageSchema,
  OwedParamSchema,
  OwedQuerySchema,
  PaymentListPageSchema,
  PaymentListQuerySchema,
  RetryResultSchema,
  SubscriptionListPageSchema,
  SubscriptionListQuerySchema,
} from '../../lib/contract/admin-lists';
import { ErrorEnvelopeSchema } from '../../lib/contract/envelope';
import { requestLanguage } from '../errors';
import { requireRecentPassword, staffOf } from '../middleware/staff';
import { listOwed, retryCharge, sendReminder } from '../services/staff/collections';
import { listInvoices, listPayments, listSubscriptions } from '../services/staff/lists';
import { adminErrorResponses } from './admin-responses';
import { conflict, createRouter, jsonContent } from './openapi';

const paged = `newest first, ${listPageSize} a page; \`page\` counts from 1`;

const invoicesRoute = createRoute({
  method: 'get',
  path: '/admin/invoices',
  tags: ['admin'],
  request: { query: InvoiceListQuerySchema },
  responses: { 200: jsonContent(InvoiceListPageSchema, `Every customer's invoices, ${paged}`), ...adminErrorResponses },
});

const paymentsRoute = createRoute({
  method: 'get',
  path: '/admin/payments',
  tags: ['admin'],
  request: { query: PaymentListQuerySchema },
  responses: { 200: jsonContent(PaymentListPageSchema, `Every payment and refund with its invoice, ${paged}`), ...adminErrorResponses },
});

const subscriptionsRoute = createRoute({
  method: 'get',
  path: '/admin/subscriptions',
  tags: ['admin'],
  request: { query: SubscriptionListQuerySchema },
  responses: {
    200: jsonContent(SubscriptionListPageSchema, `The current period of every subscription, ${paged}`),
    ...adminErrorResponses,
  },
});

const owedRoute = createRoute({
  method: 'get',
  path: '/admin/collections',
  tags: ['admin'],
  request: { query: OwedQuerySchema },
  responses: {
    200: jsonContent(OwedPageSchema, `Unpaid invoices and renewals that failed at Stripe, with their age, ${paged}`),
    ...adminErrorResponses,
  },
});

const remindRoute = createRoute({
  method: 'post',
  path: '/admin/collections/{kind}/{id}/remind',
  tags: ['admin'],
  request: { params: OwedParamSchema },
  responses: {
    200: jsonContent(AdminDoneSchema, 'A payment reminder mailed to the customer in their language'),
    ...adminErrorResponses,
    ...conflict('Reminded a few minutes ago, or nothing is owed at Stripe any more'),
    502: { description: 'Stripe did not answer; nothing was sent', content: { 'application/json': { schema: ErrorEnvelopeSchema } } },
  },
});

const retryRoute = createRoute({
  method: 'post',
  path: '/admin/collections/{kind}/{id}/retry',
  tags: ['admin'],
  middleware: [requireRecentPassword] as const,
  request: { params: OwedParamSchema },
  responses: {
    200: jsonContent(RetryResultSchema, 'The card on file was charged again: Paid, or declined once more (the attempt is audited)'),
    ...adminErrorResponses,
    ...conflict('Not a failed renewal, or nothing is owed at Stripe any more'),
    502: { description: 'Stripe did not answer; nothing was changed', content: { 'application/json': { schema: ErrorEnvelopeSchema } } },
  },
});

export const adminListsRoutes = createRouter()
  .openapi(invoicesRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listInvoices(c.get('deps'), c.req.valid('query'), requestLanguage(c)), 200);
  })
  .openapi(paymentsRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listPayments(c.get('deps'), c.req.valid('query'), requestLanguage(c)), 200);
  })
  .openapi(subscriptionsRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listSubscriptions(c.get('deps'), c.req.valid('query'), requestLanguage(c)), 200);
  })
  .openapi(owedRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listOwed(c.get('deps'), c.req.valid('query').page), 200);
  })
  .openapi(remindRoute, async (c) => {
    const { kind, id } = c.req.valid('param');
    return c.json(await sendReminder(c.get('deps'), staffOf(c), kind, id), 200);
  })
  .openapi(retryRoute, async (c) => {
    const { kind, id } = c.req.valid('param');
    return c.json(await retryCharge(c.get('deps'), staffOf(c), kind, id), 200);
  });
