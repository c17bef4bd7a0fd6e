import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { PatternRouter } from 'hono/router/pattern-router';
import { MAX_BODY_BYTES } from '../lib/contract/http';
import { apiHeaders } from '../lib/security-headers';
import type { AppEnv, BackendDeps } from './deps';
import { ApiError } from './errors';
import { errorResponse } from './middleware/error-response';
import { documentOf } from './routes/openapi';
import { requireAppKey } from './middleware/app-key';
import { requestContext } from './middleware/request-context';
import { refuseMalformedPath } from './middleware/malformed-path';
import { openedDirectly, sameForEveryone } from './middleware/route-access';
import { loadSession } from './middleware/session';
import { requireStaff } from './middleware/staff';
import { xsrfProtection } from './middleware/xsrf';
import { adminAccessRoutes } from './routes/admin-access.routes';
import { adminSupportRoutes } from './routes/admin-support.routes';
import { adminCustomersRoutes } from './routes/admin-customers.routes';
import { adminCustomerActionsRoutes } from './routes/admin-customer-actions.routes';
import { adminBillingRoutes } from './routes/admin-billing.routes';
import { adminCatalogRoutes } from './routes/admin-catalog.routes';
import { adminOverviewRoutes } from './routes/admin-overview.routes';
import { adminTeamRoutes, staffInviteRoutes } from './routes/admin-team.routes';
import { adminListsRoutes } from './routes/admin-lists.routes';
import { adminReportsRoutes } from './routes/admin-reports.routes';
import { appRoutes } from './routes/app.routes';
import { authRoutes } from './routes/auth.routes';
import { billingRoutes } from './routes/billing.routes';
import { cardRoutes } from './routes/card.routes';
import { dataExportRoutes } from './routes/data-export.routes';
import { hostedAppRoutes } from './routes/hosted-apps.routes';
import { paymentRoutes } from './routes/payment.routes';
import { storeRoutes } from './routes/store.routes';
import { supportRoutes } from './routes/support.routes';
import { testHookRoutes } from './routes/test-hooks.routes';
import { twoStepRoutes } from './routes/two-step.routes';
import { userRoutes } from './routes/user.routes';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * JSON is UTF-8 (RFC 8259 §8.1): other bytes would be stored as U+FFFD. The decoded text stays
 * in Hono's body cache, where its JSON reader looks first; without it, Hono would build a
 * Response to decode the cached bytes again.
 */
async function requireUtf8(c: Context<AppEnv>, next: Next) {
  const body = await c.req.arrayBuffer();
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    throw new ApiError(400, { key: 'invalidEncoding' });
  }
  // Hono has no public way to hand its reader decoded text: this writes its body cache, which holds
  // promises though its type names the values; tests/unit/library-internals.test.ts fails if an upgrade changes that.
  (c.req.bodyCache as unknown as { text?: Promise<string> }).text = Promise.resolve(text);
  await next();
}

const refuseTooLarge = () => {
  throw new ApiError(413, { key: 'bodyTooLarge' });
};
const countStreamedBody = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: refuseTooLarge });

/**
 * A declared length is judged from the header (Node's parser reads no byte past it), so the
 * adapter can read the body straight from the socket later; only a body without one is counted
 * as it streams, by Hono's bodyLimit, which makes the adapter build a full Request.
 */
function limitBody(c: Context<AppEnv>, next: Next) {
  const length = c.req.header('content-length');
  if (!length || !/^\d+$/.test(length) || c.req.header('transfer-encoding') !== undefined) return countStreamedBody(c, next);
  if (Number(length) > MAX_BODY_BYTES) refuseTooLarge();
  return next();
}

/** The methods the routes of an app answer for a request path (middleware aside), matched by Hono's own router. */
function allowedMethods(routes: readonly { method: string; path: string }[]) {
  const router = new PatternRouter<string>();
  const methods = new Set<string>();
  for (const route of routes.filter((entry) => entry.method !== 'ALL')) {
    router.add(route.method, route.path, route.method);
    methods.add(route.method);
  }
  return (path: string) => [...methods].filter((method) => router.match(method, path)[0].length > 0);
}

/** The backend: every /api route, its guards and its error envelope. */
export function createApp(deps: BackendDeps) {
  const app = new OpenAPIHono<AppEnv>().basePath('/api');
  // Set here, not by Next.js: behind the reverse proxy /api reaches the backend directly.
  const securityHeaders = apiHeaders({ production: deps.config.production, development: false });
  app.use('*', async (c, next) => {
    await next();
    for (const { key, value } of securityHeaders) c.res.headers.set(key, value);
  });
  app.use('*', requestContext(deps));
  app.use('*', refuseMalformedPath);
  const hasBody = (c: Context<AppEnv>) => c.req.method !== 'GET' && c.req.method !== 'HEAD';
  app.use('*', (c, next) => (hasBody(c) ? limitBody(c, next) : next()));
  // Each guard skips the routes that carry its marker (middleware/route-access.ts).
  app.use('*', requireAppKey);
  app.use('*', loadSession);
  app.use('*', xsrfProtection);
  // After the guards, so a refused call is not read (the body limit above still counts).
  app.use('*', (c, next) => (hasBody(c) ? requireUtf8(c, next) : next()));
  app.onError((error, c) => errorResponse(c, error));
  // A known path asked with another method is 405 with the methods it has (RFC 9110 §15.5.6).
  let methodsOf: ((path: string) => string[]) | undefined;
  app.notFound((c) => {
    // The pattern router takes a trailing slash as optional; the routes themselves do not.
    const allowed = c.req.path.endsWith('/') ? [] : (methodsOf ??= allowedMethods(app.routes))(c.req.path);
    const values = { method: c.req.method, path: c.req.path };
    if (!allowed.length) return errorResponse(c, new ApiError(404, { key: 'noSuchCall', values }));
    const allow = allowed.join(', ');
    return errorResponse(
      c,
      new ApiError(405, { key: 'methodNotAllowed', values: { ...values, allowed: allow } }, { headers: { Allow: allow } }),
    );
  });

  app.route('/', appRoutes);
  app.route('/', authRoutes);
  app.route('/', userRoutes);
  app.route('/', twoStepRoutes);
  app.route('/', dataExportRoutes);
  app.route('/', supportRoutes);
  app.route('/', storeRoutes);
  app.route('/', paymentRoutes);
  app.route('/', billingRoutes);
  app.route('/', cardRoutes);
  app.route('/', hostedAppRoutes);
  app.route('/', staffInviteRoutes);
  // The operator console: 404 to anyone without a staff role (middleware/staff.ts).
  app.use('/admin/*', requireStaff);
  app.route('/', adminAccessRoutes);
  app.route('/', adminSupportRoutes);
  app.route('/', adminCustomersRoutes);
  app.route('/', adminCustomerActionsRoutes);
  app.route('/', adminBillingRoutes);
  app.route('/', adminCatalogRoutes);
  app.route('/', adminOverviewRoutes);
  app.route('/', adminTeamRoutes);
  app.route('/', adminListsRoutes);
  app.route('/', adminReportsRoutes);
  if (deps.config.testHooks) app.route('/', testHookRoutes);

  const document = { openapi: '3.1.0', info: { title: 'Website API', version: deps.config.release.version } };
  const isConsoleCall = (path: string) => path.startsWith('/api/admin/');
  // Made once, on the first request: every route is registered by then and none changes after.
  let documents: { site: object; console: object } | undefined;
  const publishedDocuments = () => {
    const full = app.getOpenAPI31Document(document);
    return (documents ??= { site: documentOf(full, (path) => !isConsoleCall(path)), console: documentOf(full, isConsoleCall) });
  };
  app.get('/openapi.json', openedDirectly, sameForEveryone, (c) => c.json(publishedDocuments().site));
  // The console's calls, to staff only (the /admin/* gate above answers 404 to anyone else).
  app.get('/admin/openapi.json', (c) => c.json(publishedDocuments().console));
  return app;
}

export type BackendApp = ReturnType<typeof createApp>;
