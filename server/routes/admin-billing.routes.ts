import { createRoute } from '@hono/zod-openapi';
import {
  AdminDoneSchema,
  AdminInvoiceSchema,
  CancelSubscriptionRequestSchema,
  RefundRequestSchema,
  UuidParamSchema,
  VoidRequestSchema,
} from '../../lib/contract/admin';
import { ErrorEnvelopeSchema } from '../../lib/contract/envelope';
import { requestLanguage } from '../errors';
import { requireRecentPassword, staffOf } from '../middleware/staff';
import { adminInvoice, refundInvoice, voidInvoice } from '../services/billing/invoices-admin';
import { staffCancelSubscription } from '../services/billing/subscriptions-admin';
import { adminErrorResponses } from './admin-responses';
import { conflict, createRouter, jsonBody, jsonContent } from './openapi';

const providerFailed = {
  502: {
    description: 'The payment provider did not answer; nothing was changed',
    content: { 'application/json': { schema: ErrorEnvelopeSchema } },
  },
} as const;

const invoiceRoute = createRoute({
  method: 'get',
  path: '/admin/invoices/{id}',
  tags: ['admin'],
  request: { params: UuidParamSchema },
  responses: {
    200: jsonContent(AdminInvoiceSchema, 'Any customer’s invoice in the caller’s language, its owner and what can be refunded'),
    ...adminErrorResponses,
  },
});

const voidRoute = createRoute({
  method: 'post',
  path: '/admin/invoices/{id}/void',
  tags: ['admin'],
  // The reason is optional, and so is the body that carries it.
  request: { params: UuidParamSchema, body: { ...jsonBody(VoidRequestSchema).body, required: false } },
  responses: {
    200: jsonContent(AdminDoneSchema, 'Void: its checkouts closed, no payment can pay it any more'),
    ...adminErrorResponses,
    ...conflict('Paid, partly paid or already void'),
  },
});

const refundRoute = createRoute({
  method: 'post',
  path: '/admin/invoices/{id}/refund',
  tags: ['admin'],
  middleware: [requireRecentPassword] as const,
  request: { params: UuidParamSchema, ...jsonBody(RefundRequestSchema) },
  responses: {
    200: jsonContent(AdminDoneSchema, 'Refunded at the provider (Stripe) or recorded (offline payments); shown on the invoice'),
    ...adminErrorResponses,
    ...conflict('Nothing left to refund'),
    ...providerFailed,
  },
});

const cancelRoute = createRoute({
  method: 'post',
  path: '/admin/subscriptions/{id}/cancel',
  tags: ['admin'],
  request: { params: UuidParamSchema, ...jsonBody(CancelSubscriptionRequestSchema) },
  responses: {
    200: jsonContent(AdminDoneSchema, 'period-end: no renewal, the paid period stays; now: ended today'),
    ...adminErrorResponses,
    ...conflict('The subscription has already ended'),
    ...providerFailed,
  },
});

export const adminBillingRoutes = createRouter()
  .openapi(invoiceRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await adminInvoice(c.get('deps'), c.req.valid('param').id, requestLanguage(c)), 200);
  })
  .openapi(voidRoute, async (c) => c.json(await voidInvoice(c.get('deps'), staffOf(c), c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(refundRoute, async (c) =>
    c.json(await refundInvoice(c.get('deps'), staffOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(cancelRoute, async (c) =>
    c.json(await staffCancelSubscription(c.get('deps'), staffOf(c), c.req.valid('param').id, c.req.valid('json').When), 200),
  );
