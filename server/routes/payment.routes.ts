import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  ClientSecretSchema,
  KeyInfoSchema,
  ManualPayRequestSchema,
  ManualPayResponseSchema,
  PaymentReturnRequestSchema,
  PaymentProviderSchema,
  PaymentReturnResponseSchema,
  type PaymentProviderName,
} from '../../lib/contract/store';
import { publicOrigin } from '../client-address';
import { requestLanguage } from '../errors';
import { openedDirectly, sameForEveryone } from '../middleware/route-access';
import { requireSession, sessionOf } from '../middleware/session';
import { activeProvider } from '../services/payments/active-provider';
import { completeCheckout, startCheckout } from '../services/payments/checkout';
import { payWithTestCard } from '../services/payments/manual-pay';
import { handleStripeWebhook } from '../services/payments/stripe-webhook';
import { createRouter, errorResponses, jsonBody, jsonContent, sessionErrorResponses } from './openapi';

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

const keyInfo = createRoute({
  method: 'get',
  path: '/payment/key-info',
  tags: ['payment'],
  middleware: [sameForEveryone] as const,
  responses: { 200: jsonContent(KeyInfoSchema, 'The publishable key, base64-encoded twice, and the active provider'), ...errorResponses },
});

/** payment/create-{provider}-session and payment/{provider}-return, for each provider name (docs/product/api.md#calls). */
const createSessionRoute = (provider: PaymentProviderName) =>
  createRoute({
    method: 'post',
    path: `/payment/create-${provider}-session`,
    tags: ['payment'],
    middleware: [requireSession] as const,
    request: { query: z.object({ invoice: z.uuid('invalidValue').optional() }) },
    responses: { 200: jsonContent(ClientSecretSchema, 'The client secret of a new checkout session'), ...sessionErrorResponses },
  });

const paymentReturnRoute = (provider: PaymentProviderName) =>
  createRoute({
    method: 'post',
    path: `/payment/${provider}-return`,
    tags: ['payment'],
    middleware: [requireSession] as const,
    request: jsonBody(PaymentReturnRequestSchema),
    responses: {
      200: jsonContent(PaymentReturnResponseSchema, 'Status; on complete the new claims and the invoice'),
      ...sessionErrorResponses,
    },
  });

const manualPay = createRoute({
  method: 'post',
  path: '/payment/manual/pay',
  tags: ['payment'],
  middleware: [requireSession] as const,
  request: jsonBody(ManualPayRequestSchema),
  responses: { 200: jsonContent(ManualPayResponseSchema, 'Offline test payment: complete or declined'), ...sessionErrorResponses },
});

const webhook = createRoute({
  method: 'post',
  path: '/payment/stripe-webhook',
  tags: ['payment'],
  middleware: [openedDirectly] as const,
  responses: { 200: jsonContent(z.object({ received: z.boolean() }), 'Event accepted'), ...errorResponses },
});

export const paymentRoutes = createRouter()
  .openapi(keyInfo, (c) => {
    const provider = activeProvider(c.get('deps'));
    return c.json({ Value: base64(base64(provider.publishableKey)), Provider: provider.name }, 200);
  })
  .openapi(manualPay, async (c) => {
    const body = c.req.valid('json');
    return c.json(await payWithTestCard(c.get('deps'), sessionOf(c), body.ClientSecret, body), 200);
  })
  .openapi(webhook, async (c) => {
    await handleStripeWebhook(c.get('deps'), await c.req.text(), c.req.header('Stripe-Signature'));
    return c.json({ received: true }, 200);
  });

for (const provider of PaymentProviderSchema.options) {
  paymentRoutes
    .openapi(createSessionRoute(provider), async (c) => {
      const { config } = c.get('deps');
      const origin = publicOrigin(c, config.siteUrl, config.trustedProxies);
      const secret = await startCheckout(c.get('deps'), sessionOf(c), provider, origin, requestLanguage(c), c.req.valid('query').invoice);
      return c.json({ Value: secret }, 200);
    })
    .openapi(paymentReturnRoute(provider), async (c) =>
      c.json(await completeCheckout(c.get('deps'), sessionOf(c), provider, c.req.valid('json').Value), 200),
    );
}
