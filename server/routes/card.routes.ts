import { createRoute } from '@hono/zod-openapi';
import { CardOnFileResponseSchema, CardSetupReturnResponseSchema, TestCardUpdateResponseSchema } from '../../lib/contract/billing';
import { ClientSecretSchema, ManualCardFormSchema, PaymentReturnRequestSchema } from '../../lib/contract/store';
import { publicOrigin } from '../client-address';
import { requestLanguage } from '../errors';
import { requireSession, sessionOf } from '../middleware/session';
import { completeCardSetup, findCardOnFile, saveTestCard, startCardSetup } from '../services/billing/card-on-file';
import { createRouter, jsonBody, jsonContent, sessionErrorResponses, throttledResponse } from './openapi';

// The card on file (docs/product/billing.md#card-on-file): shown, and changed with the active provider's form.

const cardRoute = createRoute({
  method: 'get',
  path: '/billing/card',
  tags: ['billing'],
  middleware: [requireSession] as const,
  responses: { 200: jsonContent(CardOnFileResponseSchema, 'The card renewals charge, or null'), ...sessionErrorResponses },
});

const testCardRoute = createRoute({
  method: 'post',
  path: '/billing/card/manual',
  tags: ['billing'],
  middleware: [requireSession] as const,
  request: jsonBody(ManualCardFormSchema),
  responses: {
    200: jsonContent(TestCardUpdateResponseSchema, 'Offline provider: the test card saved, or declined'),
    ...sessionErrorResponses,
  },
});

const setupSessionRoute = createRoute({
  method: 'post',
  path: '/billing/card/stripe-session',
  tags: ['billing'],
  middleware: [requireSession] as const,
  responses: {
    200: jsonContent(ClientSecretSchema, 'The client secret of a setup-mode Checkout Session'),
    ...sessionErrorResponses,
    ...throttledResponse,
  },
});

const setupReturnRoute = createRoute({
  method: 'post',
  path: '/billing/card/stripe-return',
  tags: ['billing'],
  middleware: [requireSession] as const,
  request: jsonBody(PaymentReturnRequestSchema),
  responses: {
    200: jsonContent(CardSetupReturnResponseSchema, 'The setup session’s state; once complete, the card saved'),
    ...sessionErrorResponses,
  },
});

export const cardRoutes = createRouter()
  .openapi(cardRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ Card: await findCardOnFile(c.get('deps').db, sessionOf(c).user.id) }, 200);
  })
  .openapi(testCardRoute, async (c) => c.json(await saveTestCard(c.get('deps'), sessionOf(c), c.req.valid('json')), 200))
  .openapi(setupSessionRoute, async (c) => {
    const deps = c.get('deps');
    const origin = publicOrigin(c, deps.config.siteUrl, deps.config.trustedProxies);
    return c.json({ Value: await startCardSetup(deps, sessionOf(c), origin, requestLanguage(c)) }, 200);
  })
  .openapi(setupReturnRoute, async (c) => c.json(await completeCardSetup(c.get('deps'), sessionOf(c), c.req.valid('json').Value), 200));
