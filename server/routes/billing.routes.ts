import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { DownloadQuerySchema, IdParamSchema, InvoiceSchema, KeyParamSchema, SubscriptionSchema } from '../../lib/contract/billing';
import { UserResponseSchema } from '../../lib/contract/user';
import { requestLanguage } from '../errors';
import { openedDirectly } from '../middleware/route-access';
import { requireSession, sessionOf } from '../middleware/session';
import { findOwnInvoice, listOwnInvoices, toInvoiceModel, toInvoiceModels } from '../services/billing/invoices';
import { cancelSubscription } from '../services/billing/cancel-subscription';
import { invoicePdf } from '../services/billing/invoice-documents';
import { findOwnSubscription, listOwnSubscriptions, toSubscriptionModel } from '../services/billing/subscriptions';
import { createRouter, jsonContent, sessionErrorResponses } from './openapi';

const notFound = { 404: { description: 'Not found, or not yours', content: { 'application/json': { schema: UserResponseSchema } } } };

const invoicesRoute = createRoute({
  method: 'get',
  path: '/billing/invoices',
  tags: ['billing'],
  middleware: [requireSession] as const,
  responses: { 200: jsonContent(z.array(InvoiceSchema), 'The caller’s invoices, newest first'), ...sessionErrorResponses },
});

const invoiceRoute = createRoute({
  method: 'get',
  path: '/billing/invoice/{id}',
  tags: ['billing'],
  middleware: [requireSession] as const,
  request: { params: IdParamSchema },
  responses: { 200: jsonContent(InvoiceSchema, 'One invoice with its payments'), ...sessionErrorResponses, ...notFound },
});

const pdfRoute = createRoute({
  method: 'get',
  path: '/billing/invoice-pdf/{key}/download',
  tags: ['billing'],
  middleware: [openedDirectly, requireSession] as const,
  request: { params: KeyParamSchema, query: DownloadQuerySchema },
  responses: {
    200: { description: 'The invoice as PDF, in the language asked for', content: { 'application/pdf': { schema: z.string() } } },
    ...sessionErrorResponses,
    ...notFound,
  },
});

const subscriptionsRoute = createRoute({
  method: 'get',
  path: '/license/subscriptions',
  tags: ['license'],
  middleware: [requireSession] as const,
  responses: { 200: jsonContent(z.array(SubscriptionSchema), 'The caller’s subscriptions, newest first'), ...sessionErrorResponses },
});

const subscriptionRoute = createRoute({
  method: 'get',
  path: '/license/subscription/{id}',
  tags: ['license'],
  middleware: [requireSession] as const,
  request: { params: IdParamSchema },
  responses: { 200: jsonContent(SubscriptionSchema, 'One subscription'), ...sessionErrorResponses, ...notFound },
});

const cancelRoute = createRoute({
  method: 'delete',
  path: '/license/subscription/{id}',
  tags: ['license'],
  middleware: [requireSession] as const,
  request: { params: IdParamSchema },
  responses: { 200: jsonContent(UserResponseSchema, 'Renewal stopped; the paid period stays'), ...sessionErrorResponses, ...notFound },
});

export const billingRoutes = createRouter()
  .openapi(invoicesRoute, async (c) => {
    const deps = c.get('deps');
    const rows = await listOwnInvoices(deps.db, sessionOf(c).user.id);
    c.header('Cache-Control', 'no-store');
    return c.json(await toInvoiceModels(deps, rows, requestLanguage(c)), 200);
  })
  .openapi(invoiceRoute, async (c) => {
    const deps = c.get('deps');
    const invoice = await findOwnInvoice(deps.db, sessionOf(c).user.id, c.req.valid('param').id);
    c.header('Cache-Control', 'no-store');
    return c.json(await toInvoiceModel(deps, invoice, requestLanguage(c)), 200);
  })
  .openapi(pdfRoute, async (c) => {
    const deps = c.get('deps');
    // A plain link the browser opens: the page's language comes in the query, not in a header.
    const language = c.req.valid('query').lang ?? requestLanguage(c);
    const invoice = await toInvoiceModel(deps, await findOwnInvoice(deps.db, sessionOf(c).user.id, c.req.valid('param').key), language);
    // Rendered once per invoice state and language, then kept (services/billing/invoice-documents.ts).
    const pdf = await invoicePdf(deps, invoice, language);
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="invoice-${invoice.InvoiceNumber}.pdf"`,
      'Cache-Control': 'private, no-store',
    });
  })
  .openapi(subscriptionsRoute, async (c) => {
    const { db, clock } = c.get('deps');
    const language = requestLanguage(c);
    const rows = await listOwnSubscriptions(db, sessionOf(c).user.id);
    c.header('Cache-Control', 'no-store');
    return c.json(
      rows.map((row) => toSubscriptionModel(row.subscription, row.offer, clock.now(), language)),
      200,
    );
  })
  .openapi(subscriptionRoute, async (c) => {
    const { db, clock } = c.get('deps');
    const row = await findOwnSubscription(db, sessionOf(c).user.id, c.req.valid('param').id);
    c.header('Cache-Control', 'no-store');
    return c.json(toSubscriptionModel(row.subscription, row.offer, clock.now(), requestLanguage(c)), 200);
  })
  .openapi(cancelRoute, async (c) => {
    await cancelSubscription(c.get('deps'), sessionOf(c).user.id, c.req.valid('param').id);
    return c.json({ ErrorMessages: [], Data: null }, 200);
  });
