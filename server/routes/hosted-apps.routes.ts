import { createRoute } from '@hono/zod-openapi';
import { HostedAppAccessSchema, HostedAppParamSchema, LicenseCheckSchema, LicenseKeyParamSchema } from '../../lib/contract/hosted-apps';
import { UserResponseSchema } from '../../lib/contract/user';
import { requestLanguage } from '../errors';
import { issuesLicenseKeys } from '../middleware/license-keys';
import { openedDirectly, sameForEveryone } from '../middleware/route-access';
import { requireSession, sessionOf } from '../middleware/session';
import { hostedAppAccess } from '../services/billing/hosted-apps';
import { checkLicenseKey } from '../services/billing/license-keys';
import { limits } from '../services/platform/rate-limit';
import { createRouter, errorResponses, jsonContent, sessionErrorResponses, throttledResponse } from './openapi';

const accessRoute = createRoute({
  method: 'get',
  path: '/app/hosted-app/{app}',
  tags: ['app'],
  middleware: [requireSession, issuesLicenseKeys] as const,
  request: { params: HostedAppParamSchema },
  responses: { 200: jsonContent(HostedAppAccessSchema, 'The app’s address and the caller’s plans of it'), ...sessionErrorResponses },
});

const licenseRoute = createRoute({
  method: 'get',
  path: '/app/license/{key}',
  tags: ['app'],
  // Asked by an app's own server, without the website's key or a visitor's session (docs/apps.md).
  middleware: [openedDirectly, sameForEveryone] as const,
  request: { params: LicenseKeyParamSchema },
  responses: {
    200: jsonContent(LicenseCheckSchema, 'What the key entitles to, and whether it does today'),
    404: { description: 'No subscription has this key', content: { 'application/json': { schema: UserResponseSchema } } },
    ...errorResponses,
    ...throttledResponse,
  },
});

export const hostedAppRoutes = createRouter()
  .openapi(accessRoute, async (c) => {
    const access = await hostedAppAccess(c.get('deps'), sessionOf(c).user.id, c.req.valid('param').app, requestLanguage(c));
    c.header('Cache-Control', 'no-store');
    return c.json(access, 200);
  })
  .openapi(licenseRoute, async (c) => {
    const { db, clock, rateLimiter } = c.get('deps');
    await rateLimiter.hit(`license:ip:${c.get('clientAddress')}`, limits.licenseChecksPerIp, 'tooManyLicenseChecks');
    c.header('Cache-Control', 'no-store');
    return c.json(await checkLicenseKey(db, c.req.valid('param').key, clock.now()), 200);
  });
