import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  DownloadQuerySchema,
  IdParamSchema,
  InvoiceSchema,
  KeyParamSchema,
  SubscriptionChangedSchema,
  SubscriptionChangePreviewSchema,
  SubscriptionChangeSchema,
  SubscriptionSchema,
} from '../../lib/contract/billing';
import { UserResponseSchema } from '../../lib/contract/user';
import { requestLanguage } from '../errors';
import { openedDirectly } from '../middleware/route-access';
import { issuesLicenseKeys } from '../middleware/license-keys';
import { requireSession, sessionOf } from '../middleware/session';
import { findOwnInvoice, listOwnInvoices, toInvoiceModel, toInvoiceModels } from '../services/billing/invoices';
import { cancelSubscription, resumeSubscription } from '../services/billing/cancel-subscription';
import { applySubscriptionChange, previewSubscriptionChange } from '../services/billing/change-subscription';
import { invoicePdf } from '../services/billing/invoice-documents';
import { findOwnSubscription, listOwnSubscriptions, toSubscriptionModel } from '../services/billing/subscriptions';
import { conflict, createRouter, jsonBody, jsonContent, sessionErrorResponses } from './openapi';

const notFound = { 404: { description: 'Not found, or not yours', content: { 'application/json': { schema: UserResponseSchema } } } };

const invoicesRoute = createRoute({
  method: 'get',
  path: '/billing/invoices',
  tags: ['billing'],
  middleware: [requireSession, issuesLicenseKeys] as const,
  responses: { 200: jsonContent(z.array(InvoiceSchema), 'The caller’s invoices, newest first'), ...sessionErrorResponses },
});

const invoiceRoute = createRoute({
  method: 'get',
  path: '/billing/invoice/{id}',
  tags: ['billing'],
  middleware: [requireSession, issuesLicenseKeys] as const,
  request: { params: IdParamSchema },
  responses: { 200: jsonContent(InvoiceSchema, 'One invoice with its payments'), ...sessionErrorResponses, ...notFound },
});

const pdfRoute = createRoute({
  method: 'get',
  path: '/billing/invoice-pdf/{key}/download',
  tags: ['billing'],
  middleware: [openedDirectly, requireSession, issuesLicenseKeys] as const,
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
  middleware: [requireSession, issuesLicenseKeys] as const,
  responses: { 200: jsonContent(z.array(SubscriptionSchema), 'The caller’s subscriptions, newest first'), ...sessionErrorResponses },
});

const subscriptionRoute = createRoute({
  method: 'get',
  path: '/license/subscription/{id}',
  tags: ['license'],
  middleware: [requireSession, issuesLicenseKeys] as const,
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

const resumeRoute = createRoute({
  method: 'post',
  path: '/license/subscription/{id}/resume',
  tags: ['license'],
  middleware: [requireSession] as const,
  request: { params: IdParamSchema },
  responses: {
    200: jsonContent(UserResponseSchema, 'Renews again at the end of the paid period'),
    ...sessionErrorResponses,
    ...notFound,
  },
});

const changeRequest = { params: IdParamSchema, ...jsonBody(SubscriptionChangeSchema) };
const notChangeable = conflict('The subscription does not renew now, so it cannot change');

const changePreviewRoute = createRoute({
  method: 'post',
  path: '/license/subscription/{id}/change-preview',
  tags: ['license'],
  middleware: [requireSession] as const,
  request: changeRequest,
  responses: {
    200: jsonContent(SubscriptionChangePreviewSchema, 'What the change charges now and at the next renewal; nothing changes'),
    ...sessionErrorResponses,
    ...notFound,
    ...notChangeable,
  },
});

const changeRoute = createRoute({
  method: 'post',
  path: '/license/subscription/{id}/change',
  tags: ['license'],
  middleware: [requireSession] as const,
  request: changeRequest,
  responses: {
    200: jsonContent(SubscriptionChangedSchema, 'Changed, and charged as the preview said'),
    ...sessionErrorResponses,
    ...notFound,
    ...notChangeable,
    402: { description: 'The card was declined; nothing changed', content: { 'application/json': { schema: UserResponseSchema } } },
  },
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
      rows.map((row) => toSubscriptionModel(row, clock.now(), language)),
      200,
    );
  })
  .openapi(subscriptionRoute, async (c) => {
    const { db, clock } = c.get('deps');
    const row = await findOwnSubscription(db, sessionOf(c).user.id, c.req.valid('param').id);
    c.header('Cache-Control', 'no-store');
    return c.json(toSubscriptionModel(row, clock.now(), requestLanguage(c)), 200);
  })
  .openapi(cancelRoute, async (c) => {
    await cancelSubscription(c.get('deps'), sessionOf(c).user.id, c.req.valid('param').id);
    return c.json({ ErrorMessages: [], Data: null }, 200);
  })
  .openapi(resumeRoute, async (c) => {
    await resumeSubscription(c.get('deps'), sessionOf(c).user.id, c.req.valid('param').id);
    return c.json({ ErrorMessages: [], Data: null }, 200);
  })
  .openapi(changePreviewRoute, async (c) => {
    const preview = await previewSubscriptionChange(
      c.get('deps'),
      sessionOf(c).user.id,
      c.req.valid('param').id,
      c.req.valid('json'),
      requestLanguage(c),
    );
    return c.json(preview, 200);
  })
  .openapi(changeRoute, async (c) => {
    const changed = await applySubscriptionChange(c.get('deps'), sessionOf(c).user.id, c.req.valid('param').id, c.req.valid('json'));
    return c.json(changed, 200);
  });
