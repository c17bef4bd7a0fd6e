import { createApp, type BackendApp } from './app';
import { loadBackendConfig } from './config';
import { databaseOptionsFromEnv, openDatabase, type Database, type DatabaseOptions } from './db/database';
import { seedCatalog } from './db/seed';
import { createLogger } from './logger';

export interface Backend {
  app: BackendApp;
  database: Database;
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds the catalog and builds the app. */
export async function startBackend(
  env: Readonly<Record<string, string | undefined>> = process.env,
  databaseOptions: DatabaseOptions = databaseOptionsFromEnv(env),
): Promise<Backend> {
  const config = loadBackendConfig(env);
  const logger = createLogger(config.logLevel);
  const started = performance.now();
  const database = await openDatabase(databaseOptions);
  const offers = await seedCatalog(database.db);
  logger.info('backend ready', { database: database.kind, offers, ms: Math.round(performance.now() - started) });
  const app = createApp({ db: database.db, dbKind: database.kind, config, logger });
  let closing: Promise<void> | undefined;
  return {
    app,
    database,
    close: () => (closing ??= database.close()),
  };
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

export function closeOnExit(backend: Backend): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      void backend.close().finally(() => process.exit(0));
    });
  }
}
