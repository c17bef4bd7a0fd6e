import type { PGlite, Transaction } from '@electric-sql/pglite';

/**
 * Remembers the answers of hot reads (the session of a cookie, a user's subscriptions) until
 * a write touches a table they read. Only on PGlite: its lock file makes this process the
 * database's only writer, and every statement passes through the client wrapped below, so a
 * remembered answer is never older than the last write to its tables. With PostgreSQL other
 * processes write too, so there nothing is remembered (`passThroughReads`).
 */
export interface ReadCache {
  /** `tables`: every table the load reads (foreign-key cascades into them start at one of them). */
  remember<T>(key: string, tables: readonly string[], load: () => Promise<T>): Promise<T>;
}

export const passThroughReads: ReadCache = { remember: (_key, _tables, load) => load() };

const maxEntries = 10_000;
const ANY_TABLE = '*';

const writeAt = /\b(?:insert\s+into|(?<!\bdo\s+)update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?[\s(]/gi;

/**
 * The tables a statement writes: none for a SELECT; the tables after INSERT INTO, UPDATE or
 * DELETE FROM for such a statement and for a WITH whose parts write (server/services/cart.ts);
 * ANY_TABLE for anything else (DDL, TRUNCATE, forms this does not know).
 */
export function writtenTables(sql: string): string[] {
  if (/^\s*select\b/i.test(sql)) return [];
  const first = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?[\s(]/i.exec(sql);
  if (first) return [first[1].toLowerCase()];
  if (/^\s*with\b/i.test(sql)) {
    const tables = [...sql.matchAll(writeAt)].map((match) => match[1].toLowerCase());
    if (tables.length) return tables;
  }
  return [ANY_TABLE];
}

export function trackWritesOf(client: PGlite): ReadCache {
  // Each table's write count; a remembered answer holds the counts it was read at.
  const writes = new Map<string, number>();
  const countOf = (table: string) => (writes.get(table) ?? 0) + (writes.get(ANY_TABLE) ?? 0);
  const entries = new Map<string, { value: unknown; tables: readonly string[]; counts: number[] }>();
  const noteWrites = (tables: Iterable<string>) => {
    for (const table of tables) writes.set(table, (writes.get(table) ?? 0) + 1);
  };

  // Counts move after the write is done, so a read that overlapped it is not kept.
  const query = client.query.bind(client);
  client.query = (async (sql: string, params?: unknown[], options?: object) => {
    const tables = writtenTables(sql);
    try {
      return await query(sql, params, options);
    } finally {
      noteWrites(tables);
    }
  }) as PGlite['query'];
  const exec = client.exec.bind(client);
  client.exec = (async (...args: Parameters<PGlite['exec']>) => {
    try {
      return await exec(...args);
    } finally {
      noteWrites([ANY_TABLE]);
    }
  }) as PGlite['exec'];
  const transaction = client.transaction.bind(client);
  client.transaction = (async <T>(callback: (tx: Transaction) => Promise<T>) => {
    const written = new Set<string>();
    try {
      return await transaction((tx) => {
        const txQuery = tx.query.bind(tx);
        tx.query = ((sql: string, ...rest: [never?, never?]) => {
          for (const table of writtenTables(sql)) written.add(table);
          return txQuery(sql, ...rest);
        }) as Transaction['query'];
        const txExec = tx.exec.bind(tx);
        tx.exec = ((...args: Parameters<Transaction['exec']>) => {
          written.add(ANY_TABLE);
          return txExec(...args);
        }) as Transaction['exec'];
        return callback(tx);
      });
    } finally {
      noteWrites(written);
    }
  }) as PGlite['transaction'];

  return {
    async remember<T>(key: string, tables: readonly string[], load: () => Promise<T>): Promise<T> {
      const entry = entries.get(key);
      if (entry && entry.tables.every((table, i) => countOf(table) === entry.counts[i])) return entry.value as T;
      const counts = tables.map(countOf);
      const value = await load();
      if (tables.every((table, i) => countOf(table) === counts[i])) {
        if (entries.size >= maxEntries) entries.clear();
        entries.set(key, { value, tables, counts });
      }
      return value;
    },
  };
}
