import path from 'node:path';
import { z } from 'zod';
import { brand } from '../lib/config';
import type { HostedApp } from '../lib/contract/hosted-apps';
import { isEmailAddress } from '../lib/contract/limits';
import { parseTrustedProxies, type TrustedProxies } from './client-address';
import type { DatabaseOptions } from './db/database';
import { currentRelease, type Release } from './release';
import type { PasswordHashing } from './services/accounts/passwords';
import { isSecretsKey } from './services/platform/secret-box';
import { StartupError } from './startup-error';

export type Env = Readonly<Record<string, string | undefined>>;

/** Backend settings, read once from the environment (each has a row in .env.example). */
export interface BackendConfig {
  production: boolean;
  secureCookies: boolean;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** The version and commit this process runs (RELEASE_COMMIT, else the checkout's). */
  release: Release;
  smtpUrl?: string;
  /** The mail's sender, where the contact form's messages go, and the domain of the Message-IDs. */
  mail: { from: string; supportInbox: string; messageIdDomain: string };
  dataDir: string;
  database: DatabaseOptions;
  /** Where the process listens (PORT, HOST). */
  listen: { port?: number; host?: string };
  /** Where `npm start`'s site server serves its embedded backend's metrics (METRICS_PORT, on HOST); none when unset. */
  metricsPort?: number;
  /** How long a stop lets requests in flight finish before it closes their connections (STOP_GRACE_SECONDS). */
  stopGraceMs: number;
  /** Background jobs (mail sender, renewals, account purge); off only for tests that drive them by hand. */
  jobs: boolean;
  /** A session unused this long ends (SESSION_IDLE_MINUTES), before its absolute limit. */
  sessionIdleMs: number;
  /** Multiplies the throttling limits (THROTTLE_SCALE); 1 in production. */
  throttleScale: number;
  /** The public origin for payment return links (SITE_URL); required in production, else the request's origin. */
  siteUrl?: string;
  /** The proxies whose X-Forwarded-* headers count (TRUSTED_PROXIES). */
  trustedProxies: TrustedProxies;
  stripe?: { secretKey: string; publishableKey: string; webhookSecret?: string; apiBase?: string; timeoutMs: number };
  /** The offline test-card provider may run in production only when enabled on purpose. */
  manualPaymentsEnabled: boolean;
  /** TEST_HOOKS=on mounts the test-only calls of routes/test-hooks.routes.ts; refused with a public SITE_URL. */
  testHooks: boolean;
  /** Encrypts secrets kept in the database (SECRETS_KEY); without it, a key file beside the embedded database. */
  secretsKey?: string;
  /** argon2's parameters: the cheap ones only under test (NODE_ENV=test or TEST_HOOKS=on). */
  passwordHashing: PasswordHashing;
  /** Where each hosted app runs (APP_PDF_URL, APP_HEALTH_URL); its landing page links there, or says it opens soon. */
  appUrls: Partial<Record<HostedApp, string>>;
}

/** A setting that cannot be used: the start stops with every such message, each naming its variable. */
export class ConfigError extends StartupError {
  constructor(readonly problems: string[]) {
    super(`The configuration cannot be used:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  }
}

/** A text setting that `accepts` describes, checked by `test`; a secret's refusal does not repeat its value into a log. */
const setting = (accepts: string, test: (value: string) => boolean, { secret = false } = {}) =>
  z.string().superRefine((value, context) => {
    if (!test(value)) context.addIssue({ code: 'custom', message: `${secret ? '' : `"${value}" `}is not accepted: give ${accepts}` });
  });
const choice = (...values: string[]) => setting(values.map((value) => `"${value}"`).join(' or '), (value) => values.includes(value));
const urlWith = (protocols: string[], example: string) =>
  setting(`a URL such as ${example}`, (value) => URL.canParse(value) && protocols.includes(new URL(value).protocol));
const wholeNumber = (min: number, max: number) =>
  setting(`a whole number from ${min} to ${max}`, (value) => /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max);
/** A DNS name of two or more labels (RFC 1035 letters, digits and hyphens). */
const isDomainName = (value: string) => value.length <= 253 && /^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/i.test(value);

const origin = setting('the scheme and host only, such as https://www.example.com', (value) => {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    /^https?:$/.test(url.protocol) &&
    url.pathname === '/' &&
    !url.search &&
    !url.hash &&
    !url.username &&
    !value.includes('?') &&
    !value.includes('#')
  );
});

const envSchema = z
  .object({
    NODE_ENV: z.string().optional(),
    PORT: wholeNumber(1, 65535).optional(),
    METRICS_PORT: wholeNumber(1, 65535).optional(),
    HOST: z.string().optional(),
    STOP_GRACE_SECONDS: wholeNumber(0, 600).optional(),
    LOG_LEVEL: choice('debug', 'info', 'warn', 'error', 'silent').optional(),
    COOKIE_SECURE: choice('true', 'false').optional(),
    SMTP_URL: urlWith(['smtp:', 'smtps:'], 'smtp://user:password@mail.example.com:587').optional(),
    MAIL_FROM: setting('an email address, such as support@example.com', isEmailAddress).optional(),
    SUPPORT_INBOX: setting('an email address, such as support@example.com', isEmailAddress).optional(),
    MAIL_MESSAGE_ID_DOMAIN: setting('a domain name, such as example.com', isDomainName).optional(),
    DATA_DIR: z.string().optional(),
    DATABASE_URL: urlWith(['postgres:', 'postgresql:'], 'postgres://user:password@127.0.0.1:5432/website').optional(),
    BACKEND_URL: urlWith(['http:', 'https:'], 'http://127.0.0.1:4000').optional(),
    JOBS: choice('on', 'off').optional(),
    THROTTLE_SCALE: wholeNumber(1, 100_000).optional(),
    SESSION_IDLE_MINUTES: wholeNumber(5, 43_200).optional(),
    SITE_URL: origin.optional(),
    TRUSTED_PROXIES: z.string().optional(),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    STRIPE_API_BASE: urlWith(['http:', 'https:'], 'https://api.stripe.com').optional(),
    STRIPE_TIMEOUT_MS: wholeNumber(100, 600_000).optional(),
    PAYMENTS_MANUAL_ENABLED: choice('true', 'false').optional(),
    TEST_HOOKS: choice('on', 'off').optional(),
    SECRETS_KEY: setting('32 random bytes as 64 hex digits (openssl rand -hex 32)', isSecretsKey, { secret: true }).optional(),
    APP_PDF_URL: urlWith(['http:', 'https:'], 'https://pdf.example.com/').optional(),
    APP_HEALTH_URL: urlWith(['http:', 'https:'], 'https://health.example.com/').optional(),
    RELEASE_COMMIT: setting('a commit id of 7 to 64 hex digits', (value) => /^[0-9a-f]{7,64}$/i.test(value)).optional(),
  })
  .superRefine((env, context) => {
    const production = env.NODE_ENV === 'production';
    const problem = (variable: string, message: string) => context.addIssue({ code: 'custom', path: [variable], message });
    if (production && !env.SITE_URL)
      problem('SITE_URL', 'is required in production: give the public origin of the site, such as https://www.example.com');
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_PUBLISHABLE_KEY)) {
      problem(
        env.STRIPE_SECRET_KEY ? 'STRIPE_PUBLISHABLE_KEY' : 'STRIPE_SECRET_KEY',
        'is required with the other Stripe key: give both or neither',
      );
    }
    // zod runs this check even when SITE_URL failed its own rule.
    if (env.TEST_HOOKS === 'on' && env.SITE_URL && URL.canParse(env.SITE_URL) && !isLoopbackOrigin(env.SITE_URL)) {
      problem('TEST_HOOKS', 'must be off on a site with a public SITE_URL: its calls create accounts and staff without a password check');
    }
    const publicSite = production && env.SITE_URL && URL.canParse(env.SITE_URL) && !isLoopbackOrigin(env.SITE_URL);
    if (!env.SECRETS_KEY && (env.DATABASE_URL || publicSite)) {
      problem(
        'SECRETS_KEY',
        `is required ${env.DATABASE_URL ? 'with DATABASE_URL, the same on every backend' : 'on a site with a public SITE_URL'}: it encrypts the staff's authenticator secrets in the database (make one with openssl rand -hex 32)`,
      );
    }
    // The brand's address is a placeholder domain: real mail from or to it goes nowhere.
    if (publicSite && env.SMTP_URL) {
      if (!env.MAIL_FROM)
        problem('MAIL_FROM', 'is required with SMTP_URL on a public site: the address mail is sent from, of your own domain');
      if (!env.SUPPORT_INBOX)
        problem('SUPPORT_INBOX', 'is required with SMTP_URL on a public site: the mailbox the contact form’s messages go to');
    }
    if (production && env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      problem(
        'STRIPE_WEBHOOK_SECRET',
        "is required in production with Stripe: without it Stripe's events (renewals among them) would never be recorded",
      );
    }
  });

/** Whether an origin names this machine (localhost, 127.0.0.0/8 or ::1), where test-only settings may run. */
export function isLoopbackOrigin(origin: string): boolean {
  const host = new URL(origin).hostname;
  return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Reads and checks every setting at once; a ConfigError lists all that cannot be used. */
export function loadBackendConfig(source: Env = process.env): BackendConfig {
  // An empty value reads as none, as in a .env file's `NAME=`.
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(given);
  const problems = parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  let trustedProxies: TrustedProxies = { hops: 0 };
  try {
    trustedProxies = parseTrustedProxies(given.TRUSTED_PROXIES);
  } catch (error) {
    problems.push((error as Error).message);
  }
  if (!parsed.success || problems.length) throw new ConfigError(problems);
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  // The data folder is chosen at run time, never traced into the build.
  const dataDir = path.resolve(/*turbopackIgnore: true*/ env.DATA_DIR ?? 'data');
  return {
    production,
    secureCookies: (env.COOKIE_SECURE ?? String(production)) === 'true',
    logLevel: (env.LOG_LEVEL ?? 'info') as BackendConfig['logLevel'],
    release: currentRelease(env.RELEASE_COMMIT),
    smtpUrl: env.SMTP_URL,
    mail: {
      from: env.MAIL_FROM ?? brand.supportEmail,
      supportInbox: env.SUPPORT_INBOX ?? brand.supportEmail,
      messageIdDomain: env.MAIL_MESSAGE_ID_DOMAIN ?? (env.MAIL_FROM ?? brand.supportEmail).split('@')[1],
    },
    dataDir,
    database: env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    listen: { port: env.PORT === undefined ? undefined : Number(env.PORT), host: env.HOST },
    metricsPort: env.METRICS_PORT === undefined ? undefined : Number(env.METRICS_PORT),
    stopGraceMs: Number(env.STOP_GRACE_SECONDS ?? 10) * 1000,
    jobs: env.JOBS !== 'off',
    throttleScale: Number(env.THROTTLE_SCALE ?? 1),
    sessionIdleMs: Number(env.SESSION_IDLE_MINUTES ?? 720) * 60_000,
    siteUrl: env.SITE_URL && new URL(env.SITE_URL).origin,
    trustedProxies,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiBase: env.STRIPE_API_BASE,
            timeoutMs: Number(env.STRIPE_TIMEOUT_MS ?? 20_000),
          }
        : undefined,
    manualPaymentsEnabled: env.PAYMENTS_MANUAL_ENABLED === 'true' || !production,
    testHooks: env.TEST_HOOKS === 'on',
    secretsKey: env.SECRETS_KEY,
    passwordHashing: env.NODE_ENV === 'test' || env.TEST_HOOKS === 'on' ? 'test' : 'production',
    appUrls: { pdf: env.APP_PDF_URL, health: env.APP_HEALTH_URL },
  };
}
