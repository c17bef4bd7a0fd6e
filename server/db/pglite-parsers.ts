import { types, type PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';

/**
 * The types Drizzle's PGlite driver asks to get as the server's text (drizzle-orm/pglite/session:
 * it maps dates, intervals and these arrays itself). Drizzle sends this override with every
 * query, and PGlite then copies its whole parser table into a new object per query, a large
 * part of a short read's time (bench/). Installed once on the client, the per-query copy can be
 * left out with the same result.
 */
const keptAsText = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
] as const;

/** Drizzle's override (text as is, for exactly these types) is dropped: the client has it already. */
export function withoutInstalledParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  const keys = Object.keys(parsers);
  if (keys.length !== keptAsText.length || !keptAsText.every((type) => type in parsers)) return options;
  const rest = { ...options };
  delete rest.parsers;
  return rest;
}

/** Keeps Drizzle's text types as text on `client`, so its queries need not repeat the override. */
export function installDrizzleParsers(client: PGlite): void {
  for (const type of keptAsText) client.parsers[type] = (value: string) => value;
  const query = client.query.bind(client);
  client.query = ((sql: string, params?: unknown[], options?: QueryOptions) =>
    query(sql, params, withoutInstalledParsers(options))) as PGlite['query'];
  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = ((sql: string, params?: unknown[], options?: QueryOptions) =>
        txQuery(sql, params, withoutInstalledParsers(options))) as Transaction['query'];
      return callback(tx);
    })) as PGlite['transaction'];
}
