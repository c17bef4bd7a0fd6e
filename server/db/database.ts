import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { Pool } from 'pg';
import * as schema from './schema';
import { acquireDataLock, type DataLock } from './data-lock';
import { privateFolder } from '../private-folder';
import { dropBrokenConnections, migrateUnderLock, waitForPostgres } from './postgres-connect';

/** The one database type the services see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

/** What a PostgreSQL pool reports about its connections. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** The connection pool's state (PostgreSQL only), for the metrics. */
  poolStats?: () => PoolStats;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number; patience?: { patienceMs?: number; pauseMs?: number } }
  /** dataDir undefined = in memory (tests). */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

// PGlite's own start parameters, and new WAL segment files made without first writing their
// zeros: PGlite runs in the server's one thread, so that write held every request meanwhile
// (measured in bench/). PGlite runs Postgres with fsync off (-F) already, so the zeros bought
// no durability here.
const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'wal_init_zero=off'];

export const migrationsFolder = path.join(process.cwd(), 'server', 'db', 'migrations');

/** Opens the database and applies the generated migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    // Idle connections stay open (pg closes them after a short idle time by default): under load
    // the pool closing idle connections and opening new ones stalled calls; kept open, no stall
    // came (bench/).
    // A server that stops answering must not hold requests: connections and statements have
    // limits on both sides (the server's statement_timeout, and the client's own for a server
    // that answers nothing at all), and a transaction left idle is ended by the server.
    const pool = new Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      idleTimeoutMillis: 0,
      connectionTimeoutMillis: 5_000,
      statement_timeout: 8_000,
      query_timeout: 9_000,
      idle_in_transaction_session_timeout: 15_000,
      keepAlive: true,
    });
    // An idle connection the server dropped (restart, failover) must not crash the process:
    // the pool opens a new one on next use.
    pool.on('error', () => {});
    // Before the first connection, which the pool keeps: every connection gets it.
    dropBrokenConnections(pool);
    try {
      await waitForPostgres(pool, options.url, options.patience);
      const db = drizzlePg(pool, { schema });
      await migrateUnderLock(pool, () => migratePg(db, { migrationsFolder }), options.url);
      return {
        db: db as unknown as Db,
        kind: 'postgres',
        poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
        close: () => pool.end(),
      };
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
  }
  let lock: DataLock | undefined;
  if (options.dataDir) {
    privateFolder(options.dataDir);
    lock = acquireDataLock(options.dataDir);
  }
  try {
    const client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, startParams: pgliteStartParams });
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
