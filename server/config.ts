import path from 'node:path';
import { parseTrustedProxies, type TrustedProxies } from './client-address';

type Env = Readonly<Record<string, string | undefined>>;

/** Backend settings, read once from the environment (each has a row in .env.example). */
export interface BackendConfig {
  production: boolean;
  secureCookies: boolean;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  appVersion: string;
  smtpUrl?: string;
  dataDir: string;
  /** Background jobs (mail sender, account purge); off only for tests that drive them by hand. */
  jobs: boolean;
  /** Multiplies the throttling limits (THROTTLE_SCALE); 1 in production. */
  throttleScale: number;
  /** The public origin for payment return links (SITE_URL); required in production, else the request's origin. */
  siteUrl?: string;
  /** The proxies whose X-Forwarded-* headers count (TRUSTED_PROXIES). */
  trustedProxies: TrustedProxies;
  stripe?: { secretKey: string; publishableKey: string; webhookSecret?: string; apiBase?: string; timeoutMs: number };
  /** The offline test-card provider may run in production only when enabled on purpose. */
  manualPaymentsEnabled: boolean;
  /** TEST_HOOKS=on mounts the e2e-only calls of routes/test-hooks.routes.ts. */
  testHooks: boolean;
}

/** SITE_URL as an origin ("https://www.example.com"), or a start-up error naming it. */
function siteOrigin(value: string | undefined, production: boolean): string | undefined {
  if (!value) {
    if (production) throw new Error('SITE_URL is required in production: the public origin of the site, such as https://www.example.com');
    return undefined;
  }
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username) {
    throw new Error(`SITE_URL: "${value}" is not an origin; give the scheme and host only, such as https://www.example.com`);
  }
  return url.origin;
}

export function loadBackendConfig(env: Env = process.env): BackendConfig {
  const production = env.NODE_ENV === 'production';
  return {
    production,
    secureCookies: (env.COOKIE_SECURE ?? String(production)) === 'true',
    logLevel: (env.LOG_LEVEL ?? 'info') as BackendConfig['logLevel'],
    appVersion: env.NEXT_PUBLIC_APP_VERSION || env.npm_package_version || 'DEV',
    smtpUrl: env.SMTP_URL || undefined,
    // The data folder is chosen at run time, never traced into the build.
    dataDir: path.resolve(/*turbopackIgnore: true*/ env.DATA_DIR ?? 'data'),
    jobs: env.JOBS !== 'off',
    throttleScale: Math.max(1, Number(env.THROTTLE_SCALE) || 1),
    siteUrl: siteOrigin(env.SITE_URL, production),
    trustedProxies: parseTrustedProxies(env.TRUSTED_PROXIES),
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY
        ? { secretKey: env.STRIPE_SECRET_KEY, publishableKey: env.STRIPE_PUBLISHABLE_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiBase: env.STRIPE_API_BASE, timeoutMs: Number(env.STRIPE_TIMEOUT_MS) || 20_000 }
        : undefined,
    manualPaymentsEnabled: env.PAYMENTS_MANUAL_ENABLED === 'true' || !production,
    testHooks: env.TEST_HOOKS === 'on',
  };
}
