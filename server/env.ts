import type { BackendConfig } from './config';
import type { Db, DatabaseKind } from './db/database';
import type { Logger } from './logger';

/** What every request handler can reach: built once per backend. */
export interface BackendDeps {
  db: Db;
  dbKind: DatabaseKind;
  config: BackendConfig;
  logger: Logger;
}

export type AppEnv = {
  Variables: {
    requestId: string;
    deps: BackendDeps;
  };
};
