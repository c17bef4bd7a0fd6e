import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { AdminDoneSchema, AdminOfferSchema, OfferCreateSchema, OfferEditSchema, OfferKeyParamSchema } from '../../lib/contract/admin';
import { ErrorEnvelopeSchema } from '../../lib/contract/envelope';
import { staffOf } from '../middleware/staff';
import { createOffer, editOffer, listOffers, setOfferActive } from '../services/store/offers-admin';
import { adminErrorResponses } from './admin-responses';
import { conflict, createRouter, jsonBody, jsonContent } from './openapi';

const providerFailed = {
  502: {
    description: 'Stripe did not make the price; nothing was changed',
    content: { 'application/json': { schema: ErrorEnvelopeSchema } },
  },
} as const;

const listRoute = createRoute({
  method: 'get',
  path: '/admin/offers',
  tags: ['admin'],
  responses: { 200: jsonContent(z.array(AdminOfferSchema), 'Every offer, retired ones too, in the store’s order'), ...adminErrorResponses },
});

const createOfferRoute = createRoute({
  method: 'post',
  path: '/admin/offers',
  tags: ['admin'],
  request: jsonBody(OfferCreateSchema),
  responses: {
    200: jsonContent(AdminDoneSchema, 'On sale at once, last in the store’s order'),
    ...adminErrorResponses,
    ...conflict('An offer with this key exists'),
    ...providerFailed,
  },
});

const editRoute = createRoute({
  method: 'put',
  path: '/admin/offers/{key}',
  tags: ['admin'],
  request: { params: OfferKeyParamSchema, ...jsonBody(OfferEditSchema) },
  responses: {
    200: jsonContent(AdminDoneSchema, 'Saved (AuditKey null when nothing changed); a new price applies to carts from now on'),
    ...adminErrorResponses,
    ...providerFailed,
  },
});

const activeRoute = (action: 'retire' | 'restore') =>
  createRoute({
    method: 'post',
    path: `/admin/offers/{key}/${action}`,
    tags: ['admin'],
    request: { params: OfferKeyParamSchema },
    responses: {
      200: jsonContent(
        AdminDoneSchema,
        action === 'retire' ? 'Out of the store; what was sold keeps it' : 'Back in the store (AuditKey null when it already was)',
      ),
      ...adminErrorResponses,
    },
  });

export const adminCatalogRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listOffers(c.get('deps')), 200);
  })
  .openapi(createOfferRoute, async (c) => c.json(await createOffer(c.get('deps'), staffOf(c), c.req.valid('json')), 200))
  .openapi(editRoute, async (c) => c.json(await editOffer(c.get('deps'), staffOf(c), c.req.valid('param').key, c.req.valid('json')), 200))
  .openapi(activeRoute('retire'), async (c) =>
    c.json(await setOfferActive(c.get('deps'), staffOf(c), c.req.valid('param').key, false), 200),
  )
  .openapi(activeRoute('restore'), async (c) =>
    c.json(await setOfferActive(c.get('deps'), staffOf(c), c.req.valid('param').key, true), 200),
  );
