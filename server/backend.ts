import path from 'node:path';
import { createApp, type BackendApp } from './app';
import { DatabaseClock, systemClock, type Clock } from './clock';
import { loadBackendConfig, type BackendConfig } from './config';
import { openDatabase, type Database, type DatabaseOptions } from './db/database';
import { seedCatalog } from './db/seed';
import { createMailer, type Mailer } from './email/mailer';
import type { BackendDeps } from './deps';
import type { PaymentProvider } from './services/payments/provider';
import { startJobs } from './jobs/scheduler';
import { createLogger } from './logger';
import { createMetrics } from './metrics';
import { selectPaymentProvider } from './services/payments/select';
import { Catalog } from './services/store/catalog';
import { hashingParameters, Passwords } from './services/accounts/passwords';
import { RateLimiter } from './services/platform/rate-limit';
import { openSecretBox } from './services/platform/secret-box';
import { sealPlainTotpSecrets } from './services/accounts/second-factor';
import { onStop } from './stop-signals';

export interface Backend {
  app: BackendApp;
  deps: BackendDeps;
  database: Database;
  close(): Promise<void>;
}

/** Builds the app on an open database: the one wiring used by the server and by the tests. */
export function assembleBackend(
  database: Database,
  config: BackendConfig,
  overrides: { clock?: Clock; mailer?: Mailer; payments?: PaymentProvider | null } = {},
): Backend {
  const logger = createLogger(config.logLevel);
  const clock = overrides.clock ?? systemClock;
  const mailer =
    overrides.mailer ?? createMailer({ smtpUrl: config.smtpUrl, mailDir: path.join(config.dataDir, 'mail'), mail: config.mail });
  let scheduler: ReturnType<typeof startJobs> | undefined;
  const deps: BackendDeps = {
    db: database.db,
    dbKind: database.kind,
    config,
    logger,
    metrics: createMetrics(database.db, { poolStats: database.poolStats, clock }),
    clock,
    mailer,
    rateLimiter: new RateLimiter(database.db, clock, config.throttleScale),
    passwords: new Passwords(hashingParameters[config.passwordHashing]),
    secrets: openSecretBox(config),
    catalog: new Catalog(database.db),
    payments: overrides.payments === undefined ? selectPaymentProvider(config, database.db) : overrides.payments,
    kickOutbox: () => scheduler?.kick('outbox'),
    lifecycle: { draining: false },
  };
  deps.catalog.watch((error) => logger.error('catalog not refreshed', { error: error instanceof Error ? error.message : String(error) }));
  if (config.jobs) scheduler = startJobs(deps);
  if (!deps.payments)
    logger.warn(
      'No payment provider: checkout is refused. Set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, or PAYMENTS_MANUAL_ENABLED=true',
    );
  if (config.testHooks) logger.warn('TEST_HOOKS=on: the e2e-only test calls are mounted; never use this outside tests');
  if (mailer.kind === 'files' && config.production)
    logger.warn('SMTP_URL is not set: mail is written to files and not delivered', { mailDir: path.join(config.dataDir, 'mail') });
  let closing: Promise<void> | undefined;
  return {
    app: createApp(deps),
    deps,
    database,
    close: () => {
      deps.catalog.stop();
      return (closing ??= (scheduler?.stop() ?? Promise.resolve()).then(() => database.close()));
    },
  };
}

/** Opens the database, migrates, seeds the catalog and builds the app. */
export async function startBackend(config: BackendConfig = loadBackendConfig(), databaseOptions?: DatabaseOptions): Promise<Backend> {
  const started = performance.now();
  const database = await openDatabase(databaseOptions ?? config.database);
  const offers = await seedCatalog(database.db);
  const clock = new DatabaseClock();
  const offsetMs = await clock.sync(database.db);
  const backend = assembleBackend(database, config, { clock });
  const sealed = await sealPlainTotpSecrets(backend.deps);
  if (sealed) backend.deps.logger.info('authenticator secrets encrypted with the secrets key', { accounts: sealed });
  backend.deps.logger.info('backend ready', {
    database: database.kind,
    offers,
    mail: backend.deps.mailer.kind,
    clockOffsetMs: Math.round(offsetMs),
    ms: Math.round(performance.now() - started),
  });
  return backend;
}

// Kept on globalThis: Next may load this module more than once (route bundles, dev reloads),
// and the embedded database must be opened once per process.
const globalKey = Symbol.for('website.backend');
type GlobalWithBackend = typeof globalThis & { [globalKey]?: Promise<Backend> };

/** The process-wide backend used by the embedded /api forwarder. */
export function sharedBackend(): Promise<Backend> {
  const holder = globalThis as GlobalWithBackend;
  if (!holder[globalKey]) {
    holder[globalKey] = startBackend().then((backend) => {
      closeOnExit(backend);
      return backend;
    });
    holder[globalKey].catch(() => delete holder[globalKey]);
  }
  return holder[globalKey];
}

/** On a stop, readiness turns 503 at once, and the backend closes once the listeners drained. */
export function closeOnExit(backend: Backend): void {
  onStop('drain', async () => {
    backend.deps.lifecycle.draining = true;
  });
  onStop('close', () => backend.close());
}
