import type { Clock } from './clock';
import type { BackendConfig } from './config';
import type { Db, DatabaseKind } from './db/database';
import type { Mailer } from './email/mailer';
import type { Catalog } from './services/store/catalog';
import type { PaymentProvider } from './services/payments/provider';
import type { Logger } from './logger';
import type { Metrics } from './metrics';
import type { Passwords } from './services/accounts/passwords';
import type { RateLimiter } from './services/platform/rate-limit';
import type { SecretBox } from './services/platform/secret-box';
import type { ActiveSession } from './services/accounts/sessions';

/** What every request handler can reach: built once per backend. */
export interface BackendDeps {
  db: Db;
  dbKind: DatabaseKind;
  config: BackendConfig;
  logger: Logger;
  /** Prometheus metrics (server/metrics.ts), served at /metrics on the backend's own port. */
  metrics: Metrics;
  clock: Clock;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  passwords: Passwords;
  /** Encrypts what the database must not hold in the clear (SECRETS_KEY). */
  secrets: SecretBox;
  catalog: Catalog;
  /** The active payment provider; null when none may run (production without Stripe keys). */
  payments: PaymentProvider | null;
  /** Asks the mail sender to run now instead of at its next tick. */
  kickOutbox(): void;
  /** Draining is set as the process begins to stop: readiness answers 503 from then on. */
  lifecycle: { draining: boolean };
}

export type AppEnv = {
  Variables: {
    requestId: string;
    /** The client's address as the trusted proxies report it (server/client-address.ts). */
    clientAddress: string;
    deps: BackendDeps;
    session?: ActiveSession;
    /** A login that still owes its two-step code: no session to any call but the code's check. */
    pendingLogin?: ActiveSession;
  };
};
