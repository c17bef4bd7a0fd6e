import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../deps';

/*
 * A route declares how it is reached by listing one of these markers among its middleware; the
 * guards, which run before it as '*' middleware, look for the marker in the request's matched
 * routes. So the rule sits with the route, and no list of paths repeats it.
 */

/** Opened by a browser, a monitor or Stripe directly, without the website's script: no application key, no XSRF header. */
export const openedDirectly: MiddlewareHandler<AppEnv> = (_c, next) => next();

/** A read whose answer is the same for everyone: no session lookup. */
export const sameForEveryone: MiddlewareHandler<AppEnv> = (_c, next) => next();

export const routeIs = (c: Context<AppEnv>, marker: MiddlewareHandler<AppEnv>) =>
  matchedRoutes(c).some((route) => route.handler === marker);

/** A console call a staff member may make before passing the second factor (enrolling or checking it). */
export const beforeSecondFactor: MiddlewareHandler<AppEnv> = (_c, next) => next();
