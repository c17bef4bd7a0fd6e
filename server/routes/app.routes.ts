import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { AppInfoSchema, CountrySchema, HealthSchema, ReadinessSchema, UsStateSchema } from '../../lib/contract/app';
import { mailQueueCounts } from '../email/outbox-status';
import { cartItemCount } from '../services/store/cart';
import { checkReadiness, clockSkewLimitMs } from '../services/platform/readiness';
import { requestLanguage } from '../errors';
import { openedDirectly, sameForEveryone } from '../middleware/route-access';
import { listCountries, listUsStates } from '../services/store/reference-data';
import { createRouter, errorResponses, jsonContent } from './openapi';

const appInfo = createRoute({
  method: 'get',
  path: '/app/app-info',
  tags: ['app'],
  responses: { 200: jsonContent(AppInfoSchema, 'Counts for the top bar'), ...errorResponses },
});

const countries = createRoute({
  method: 'get',
  path: '/app/countries',
  tags: ['app'],
  middleware: [sameForEveryone] as const,
  responses: { 200: jsonContent(z.array(CountrySchema), 'ISO 3166-1 countries in the Accept-Language language'), ...errorResponses },
});

const usStates = createRoute({
  method: 'get',
  path: '/app/us-states',
  tags: ['app'],
  middleware: [sameForEveryone] as const,
  responses: { 200: jsonContent(z.array(UsStateSchema), 'US states and territories'), ...errorResponses },
});

const health = createRoute({
  method: 'get',
  path: '/health',
  tags: ['app'],
  middleware: [openedDirectly, sameForEveryone] as const,
  responses: { 200: jsonContent(HealthSchema, 'The backend and its database answer') },
});

const readiness = createRoute({
  method: 'get',
  path: '/ready',
  tags: ['app'],
  middleware: [openedDirectly, sameForEveryone] as const,
  responses: {
    200: jsonContent(ReadinessSchema, 'It takes requests: its database takes writes, and its clock is close to the database’s'),
    503: jsonContent(ReadinessSchema, 'It is stopping (draining), its clock is off (clock-skew), or its database does not take writes'),
  },
});

const referenceCache = 'public, max-age=86400';

export const appRoutes = createRouter()
  .openapi(appInfo, async (c) => {
    const session = c.get('session');
    c.header('Cache-Control', 'no-store');
    const { db } = c.get('deps');
    const cartCount = session ? await cartItemCount(db, session.user.id) : 0;
    return c.json({ CartItemCount: cartCount, NotificationCount: 0 }, 200);
  })
  .openapi(countries, (c) => {
    c.header('Cache-Control', referenceCache);
    c.header('Vary', 'Accept-Language');
    return c.json(listCountries(requestLanguage(c)), 200);
  })
  .openapi(usStates, (c) => {
    c.header('Cache-Control', referenceCache);
    c.header('Vary', 'Accept-Language');
    return c.json(listUsStates(requestLanguage(c)), 200);
  })
  .openapi(health, async (c) => {
    const { db, dbKind, config } = c.get('deps');
    // Reading the outbox is the database check as well.
    const mail = await mailQueueCounts(db);
    c.header('Cache-Control', 'no-store');
    return c.json(
      { Status: 'ok' as const, Database: dbKind, Version: config.release.version, Commit: config.release.commit, Mail: mail },
      200,
    );
  })
  .openapi(readiness, async (c) => {
    const { db, clock, lifecycle, logger } = c.get('deps');
    c.header('Cache-Control', 'no-store');
    if (lifecycle.draining) return c.json({ Status: 'draining' as const }, 503);
    // A database that does not take the write is the error handler's 503.
    const readiness = await checkReadiness(db, clock);
    if (!readiness.ready) {
      logger.error(
        'this host’s clock differs from the database’s: fix its time (NTP); not ready until then',
        { offsetMs: Math.round(readiness.offsetMs), limitMs: clockSkewLimitMs },
        { key: 'clock-skew', everyMs: 60_000 },
      );
      return c.json({ Status: 'clock-skew' as const }, 503);
    }
    return c.json({ Status: 'ready' as const }, 200);
  });
