import type { Pool } from 'pg';
import { databaseFailure } from '../errors';
import { StartupError } from '../startup-error';

/** What a failed connection to DATABASE_URL means, in words an operator can act on. */
function connectionProblem(url: string, error: unknown): string {
  const target = new URL(url);
  const where = `${target.hostname}:${target.port || '5432'}`;
  const code = (error as { code?: string }).code;
  const database = decodeURIComponent(target.pathname.slice(1)) || decodeURIComponent(target.username);
  switch (code) {
    case 'ECONNREFUSED':
      return `DATABASE_URL: nothing accepts connections at ${where}; is PostgreSQL running there?`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `DATABASE_URL: the host "${target.hostname}" is unknown`;
    case '28P01':
      return `DATABASE_URL: PostgreSQL at ${where} refused the password of the user "${decodeURIComponent(target.username)}"`;
    case '28000':
      return `DATABASE_URL: PostgreSQL at ${where} does not let the user "${decodeURIComponent(target.username)}" in (pg_hba.conf)`;
    case '3D000':
      return `DATABASE_URL: the database "${database}" does not exist at ${where}; create it (createdb)`;
    default:
      if (/timeout/i.test(String((error as Error).message))) return `DATABASE_URL: ${where} did not answer in time`;
      return `DATABASE_URL: cannot connect to ${where}: ${(error as Error).message}`;
  }
}

/** Why the migrations were refused, for a database the site's user does not own (restored or created as another user). */
function notPermitted(url: string): string {
  const target = new URL(url);
  const user = decodeURIComponent(target.username);
  const database = decodeURIComponent(target.pathname.slice(1)) || user;
  return (
    `DATABASE_URL: the user "${user}" may not create tables in the database "${database}" (permission denied): ` +
    `make it the owner (createdb -O ${user} ${database}), and restore dumps with pg_restore --no-owner --role=${user}`
  );
}

/** A database that is not up yet (starting, restarting, not listening): worth waiting for. */
const isTransient = (error: unknown) =>
  ['ECONNREFUSED', 'ETIMEDOUT', 'ECONNRESET', '57P03'].includes((error as { code?: string }).code ?? '') ||
  /timeout/i.test(String((error as Error).message));

/**
 * Waits for the database to answer, retrying one that is not up yet for a bounded time
 * (a backend often starts beside its database); any other failure stops at once, and every
 * failure says what is wrong with DATABASE_URL.
 */
export async function waitForPostgres(pool: Pool, url: string, { patienceMs = 30_000, pauseMs = 1_000 } = {}): Promise<void> {
  const until = Date.now() + patienceMs;
  for (;;) {
    try {
      await pool.query('select 1');
      return;
    } catch (error) {
      if (!isTransient(error) || Date.now() + pauseMs > until) throw new StartupError(connectionProblem(url, error), { cause: error });
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}

/** Any number that is this application's own: the advisory lock its migrations run under. */
const migrationLock = 7_246_133_901;

/**
 * Runs the migrations under a PostgreSQL advisory lock, so backends starting at once on a new
 * database take turns: the first applies them, the others then find nothing left to do.
 */
export async function migrateUnderLock(pool: Pool, migrate: () => Promise<void>, url: string): Promise<void> {
  const holder = await pool.connect();
  try {
    await holder.query('select pg_advisory_lock($1)', [migrationLock]);
    try {
      await migrate();
    } catch (error) {
      throw databaseFailure(error)?.code === '42501' ? new StartupError(notPermitted(url), { cause: error }) : error;
    } finally {
      await holder.query('select pg_advisory_unlock($1)', [migrationLock]);
    }
  } finally {
    holder.release();
  }
}

type Callback = (error: Error | null, result: unknown) => void;

const textOf = (config: unknown) => (typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text);

/**
 * Keeps a broken connection out of the pool:
 * - one whose statement got no answer in time (a frozen server or network) is closed, not
 *   reused: the transaction's ROLLBACK then fails at once instead of waiting as long again on
 *   the same silent socket, and the pool drops it (pg-pool discards an ending client) instead of
 *   handing a half-finished conversation to the next request;
 * - one whose BEGIN failed goes back to the pool with the error, which discards it: Drizzle's
 *   transaction releases its connection only once BEGIN has succeeded, so the pool would
 *   otherwise count it as busy for good, and a few such failures would leave it empty.
 */
export function dropBrokenConnections(pool: Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const afterFailure = (error: unknown, config: unknown) => {
      if (!error) return;
      if ((error as Error).message === 'Query read timeout') client.end().catch(() => {});
      if (/^\s*begin\b/i.test(String(textOf(config)))) {
        const release = client.release;
        // Whoever checked it out may still release it; the pool has already let it go.
        client.release = () => {};
        release(error as Error);
      }
    };
    client.query = ((...args: unknown[]) => {
      const last = args.length - 1;
      if (typeof args[last] === 'function') {
        const callback = args[last] as Callback;
        args[last] = (error: Error | null, result: unknown) => {
          afterFailure(error, args[0]);
          callback(error, result);
        };
        return query(...args);
      }
      const result = query(...args);
      if (result instanceof Promise)
        return result.catch((error: unknown) => {
          afterFailure(error, args[0]);
          throw error;
        });
      return result;
    }) as typeof client.query;
  });
}
