import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { ServiceOfferSchema, ShoppingCartSchema, UpdateCartRequestSchema } from '../../lib/contract/store';
import { requestLanguage } from '../errors';
import { sameForEveryone } from '../middleware/route-access';
import { requireSession, sessionOf } from '../middleware/session';
import { priceCart, priceCartRows, shoppingCart, updateCart } from '../services/store/cart';
import { createRouter, errorResponses, jsonBody, jsonContent, jsonTextResponse, sessionErrorResponses } from './openapi';

const catalog = createRoute({
  method: 'get',
  path: '/store/catalog',
  tags: ['store'],
  middleware: [sameForEveryone] as const,
  responses: {
    200: jsonContent(z.array(ServiceOfferSchema), 'Offers in the Accept-Language language; prices in cents'),
    ...errorResponses,
  },
});

const getCart = createRoute({
  method: 'get',
  path: '/store/cart',
  tags: ['store'],
  middleware: [requireSession] as const,
  responses: {
    200: jsonContent(ShoppingCartSchema, 'The cart with totals and tax in cents, and the subscriptions the caller holds'),
    ...sessionErrorResponses,
  },
});

const putCart = createRoute({
  method: 'put',
  path: '/store/cart',
  tags: ['store'],
  middleware: [requireSession] as const,
  request: jsonBody(UpdateCartRequestSchema),
  responses: { 200: jsonContent(ShoppingCartSchema, 'The updated cart, and the subscriptions the caller holds'), ...sessionErrorResponses },
});

export const storeRoutes = createRouter()
  .openapi(catalog, async (c) => {
    const language = requestLanguage(c);
    c.header('Vary', 'Accept-Language');
    return jsonTextResponse(c, await c.get('deps').catalog.forSaleJson(language));
  })
  .openapi(getCart, async (c) => {
    const session = sessionOf(c);
    c.header('Cache-Control', 'no-store');
    const { db, catalog, clock } = c.get('deps');
    return c.json(await shoppingCart(db, clock.now(), session.user.id, priceCart(db, catalog, session.user.id)), 200);
  })
  .openapi(putCart, async (c) => {
    const session = sessionOf(c);
    const { db, catalog, clock } = c.get('deps');
    const written = await updateCart(db, catalog, session.user.id, c.req.valid('json'));
    return c.json(await shoppingCart(db, clock.now(), session.user.id, priceCartRows(catalog, written)), 200);
  });
