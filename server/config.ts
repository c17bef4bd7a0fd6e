import path from 'node:path';

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
  /** The public origin for payment return links; the request's origin when unset. */
  siteUrl?: string;
  stripe?: { secretKey: string; publishableKey: string; webhookSecret?: string; apiBase?: string; timeoutMs: number };
  /** The offline test-card provider may run in production only when enabled on purpose. */
  manualPaymentsEnabled: boolean;
  /** TEST_HOOKS=on mounts the e2e-only calls of routes/test-hooks.routes.ts. */
  testHooks: boolean;
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
    siteUrl: env.SITE_URL || env.NEXT_PUBLIC_SITE_URL || undefined,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY
        ? { secretKey: env.STRIPE_SECRET_KEY, publishableKey: env.STRIPE_PUBLISHABLE_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiBase: env.STRIPE_API_BASE, timeoutMs: Number(env.STRIPE_TIMEOUT_MS) || 20_000 }
        : undefined,
    manualPaymentsEnabled: env.PAYMENTS_MANUAL_ENABLED === 'true' || !production,
    testHooks: env.TEST_HOOKS === 'on',
  };
}
