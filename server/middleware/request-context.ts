import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { clientAddress, unknownAddress } from '../client-address';
import type { SessionClient } from '../services/accounts/sessions';
import type { AppEnv, BackendDeps } from '../deps';

const incomingId = /^[A-Za-z0-9._-]{8,64}$/;

/** Gives each request an id (kept from X-Request-Id when sane), the deps, the client's address, one log line and its metric. */
export function requestContext(deps: BackendDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const given = c.req.header('X-Request-Id');
    const requestId = given && incomingId.test(given) ? given : crypto.randomUUID();
    c.set('requestId', requestId);
    c.set('deps', deps);
    c.set('clientAddress', clientAddress(c, deps.config.trustedProxies));
    // Set before the answer exists: changing a finished answer makes the adapter rebuild it.
    c.header('X-Request-Id', requestId);
    const started = performance.now();
    await next();
    const seconds = (performance.now() - started) / 1000;
    // The route's pattern, not the path: one series per call, whatever the ids in it.
    deps.metrics.requests.observe({ method: c.req.method, route: routePath(c, -1), status: c.res.status }, seconds);
    deps.logger.info('request', {
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      client: c.get('clientAddress'),
      ms: Math.round(seconds * 10_000) / 10,
    });
  };
}

/** The client a session made by this request is for: its browser and address. */
export function sessionClientOf(c: Context<AppEnv>): SessionClient {
  const address = c.get('clientAddress');
  return { userAgent: c.req.header('User-Agent'), address: address === unknownAddress ? undefined : address };
}
