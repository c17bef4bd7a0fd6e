import { createRoute } from '@hono/zod-openapi';
import { UserResponseSchema } from '../../lib/contract/user';
import { SupportMessageSchema } from '../../lib/contract/support';
import { receiveSupportMessage } from '../services/support/messages';
import { requestLanguage } from '../errors';
import { createRouter, errorResponses, jsonBody, jsonContent, throttledResponse } from './openapi';

const message = createRoute({
  method: 'post',
  path: '/support/message',
  tags: ['support'],
  request: jsonBody(SupportMessageSchema),
  responses: { 200: jsonContent(UserResponseSchema, 'Stored and queued for the support team'), ...errorResponses, ...throttledResponse },
});

export const supportRoutes = createRouter().openapi(message, async (c) => {
  await receiveSupportMessage(c.get('deps'), c.req.valid('json'), {
    ip: c.get('clientAddress'),
    userId: c.get('session')?.user.id ?? null,
    language: requestLanguage(c),
  });
  return c.json({ ErrorMessages: [], Data: null }, 200);
});
