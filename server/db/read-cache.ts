import type { PGlite } from '@electric-sql/pglite';

/**
 * Remembers the answers of hot reads (the session of a cookie, a user's subscriptions) until
 * the next write. Only on PGlite: its lock file makes this process the database's only
 * writer, and every statement passes through the client wrapped below, so a remembered answer
 * is never older than the last write. With PostgreSQL other processes write too, so there
 * nothing is remembered (`passThroughReads`).
 */
export interface ReadCache {
  remember<T>(key: string, load: () => Promise<T>): Promise<T>;
}

export const passThroughReads: ReadCache = { remember: (_key, load) => load() };

const maxEntries = 10_000;

export function trackWritesOf(client: PGlite): ReadCache {
  let generation = 0;
  const entries = new Map<string, unknown>();
  const noteWrite = () => {
    generation++;
    entries.clear();
  };

  // Anything but a plain SELECT counts as a write, and so does every transaction; the
  // generation moves after the write is done, so a read that overlapped it is not kept.
  const query = client.query.bind(client);
  client.query = (async (sql: string, params?: unknown[], options?: object) => {
    if (/^\s*select\b/i.test(sql)) return query(sql, params as never, options);
    try {
      return await query(sql, params as never, options);
    } finally {
      noteWrite();
    }
  }) as PGlite['query'];
  const exec = client.exec.bind(client);
  client.exec = (async (...args: Parameters<PGlite['exec']>) => {
    try {
      return await exec(...args);
    } finally {
      noteWrite();
    }
  }) as PGlite['exec'];
  const transaction = client.transaction.bind(client);
  client.transaction = (async (callback: Parameters<PGlite['transaction']>[0]) => {
    try {
      return await transaction(callback);
    } finally {
      noteWrite();
    }
  }) as PGlite['transaction'];

  return {
    async remember<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (entries.has(key)) return entries.get(key) as T;
      const readAt = generation;
      const value = await load();
      if (readAt === generation) {
        if (entries.size >= maxEntries) entries.clear();
        entries.set(key, value);
      }
      return value;
    },
  };
}
