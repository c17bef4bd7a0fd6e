import { createRoute } from '@hono/zod-openapi';
import { SessionInfoSchema } from '../../lib/contract/auth';
import { createRouter, errorResponses, jsonContent } from './openapi';

const sessionInfo = createRoute({
  method: 'get',
  path: '/auth/session-info',
  tags: ['auth'],
  responses: { 200: jsonContent(SessionInfoSchema, 'The caller’s session; UserName is null when anonymous'), ...errorResponses },
});

export const authRoutes = createRouter().openapi(sessionInfo, (c) => {
  c.header('Cache-Control', 'no-store');
  return c.json({ UserName: null, DisplayName: null, Claims: [] }, 200);
});
