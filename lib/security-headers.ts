import { splitLocalePath } from '../i18n/language-choice';

/**
 * Response headers for every page, against injected scripts, framing and sniffing. The script
 * policy: the marketing and legal pages are static HTML, and Next.js puts inline bootstrap
 * scripts into them; nonces would need a per-request render (no more static pages), and hashes
 * change with every build and page. So scripts are limited to this origin plus inline, and the
 * rest of the policy closes the doors an injected script would need: no plugins, no <base>, no
 * framing, forms post only here, and connections only to this origin. React escapes all text,
 * and no page renders user HTML. Stripe's hosts are allowed only on the checkout page, where
 * its embedded form runs.
 */
const stripeScript = 'https://js.stripe.com https://*.js.stripe.com';
const stripeFrames = 'https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com';
const stripeConnect = 'https://api.stripe.com';

function contentSecurityPolicy(options: { stripe: boolean; development: boolean }): string {
  const script = ["'self'", "'unsafe-inline'", options.development ? "'unsafe-eval'" : '', options.stripe ? stripeScript : ''];
  return [
    "default-src 'self'",
    `script-src ${script.filter(Boolean).join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${options.stripe ? ` ${stripeConnect}` : ''}${options.development ? ' ws:' : ''}`,
    `frame-src ${options.stripe ? stripeFrames : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

type Header = { key: string; value: string };

type HeaderOptions = { production: boolean; development: boolean };

const cspHeader = (stripe: boolean, options: HeaderOptions): Header => ({
  key: 'Content-Security-Policy',
  value: contentSecurityPolicy({ stripe, development: options.development }),
});

const noSniffing: Header = { key: 'X-Content-Type-Options', value: 'nosniff' };
const noFraming: Header = { key: 'X-Frame-Options', value: 'DENY' };
const hsts = (options: HeaderOptions): Header[] =>
  options.production ? [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' }] : [];

/** The headers of every page and file the site serves. */
export function pageHeaders(options: HeaderOptions): Header[] {
  return [
    noSniffing,
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")' },
    noFraming,
    ...hsts(options),
    cspHeader(false, options),
  ];
}

/**
 * The headers of every /api answer. JSON is never rendered as a document, so the page policy's
 * script, style, referrer and permission rules govern nothing there; what an API needs is the
 * OWASP REST Security Cheat Sheet's list: no sniffing, no framing, HTTPS. Each header line
 * costs every call parse time at both ends, so the list stays at that.
 */
export function apiHeaders(options: HeaderOptions): Header[] {
  return [noSniffing, noFraming, ...hsts(options), { key: 'Content-Security-Policy', value: "default-src 'none'; frame-ancestors 'none'" }];
}

/**
 * next.config.ts headers() for the development server: every page and file, and what Next.js
 * itself answers on /api (the trailing-slash redirect). The production site server presets the
 * same on every answer (server/site-guard.ts); the backend sets the API's own (server/app.ts).
 */
export function securityHeaders(options: HeaderOptions): { source: string; headers: Header[] }[] {
  return [
    { source: '/:path((?!api/).*)', headers: pageHeaders(options) },
    { source: '/:path(api(?:/.*)?/)', headers: apiHeaders(options) },
  ];
}

/**
 * The headers of single pages, over those of every page: the checkout page's script policy
 * (Stripe's embedded form runs there) and the staff-only console's, which is never indexed,
 * whatever a crawler finds. proxy.ts sets them: every such page passes through it.
 */
export function pathHeaders(pathname: string, options: HeaderOptions): Header[] {
  const { rest } = splitLocalePath(pathname);
  if (rest === '/store/checkout') return [cspHeader(true, options)];
  if (rest === '/admin' || rest.startsWith('/admin/')) return [{ key: 'X-Robots-Tag', value: 'noindex, nofollow' }];
  return [];
}
