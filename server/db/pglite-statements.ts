import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { CHANGED_RESULT_TYPE, repeatedTexts } from './kept-statements';

type Message = Parameters<typeof parse.parseResults>[0][number];

interface Statement {
  name: string;
  paramTypes: number[];
  /** What describes the rows; absent for a statement that returns none. */
  rowDescription: Message | undefined;
}

const { serialize } = protocol;

/**
 * Runs a query that PGlite is asked for a second time as a named prepared statement. PGlite's
 * query() parses, describes and plans its text on every call, in six trips into WebAssembly; a
 * named statement is bound and run in one trip, on the plan Postgres keeps. Drizzle's queries
 * carry their values as parameters, so the same text comes back, at a fraction of query()'s CPU
 * (bench/).
 *
 * PGlite offers no public way to run a statement under its locks, so this calls its private
 * `_runExclusiveTransaction` and `_runExclusiveQuery`; tests/unit/pglite-statements.test.ts
 * fails if an upgrade renames or changes them.
 *
 * Only queries with parameters, outside PGlite's transactions (their statements keep PGlite's
 * path), at most `maxStatements` of them. A statement runs under the same two locks as query(),
 * so it never lands inside another caller's open transaction.
 */
export function prepareRepeatedQueries(client: PGlite, maxStatements = 500): void {
  const query = client.query.bind(client);
  const isRepeated = repeatedTexts(maxStatements);
  const statements = new Map<string, Promise<Statement | null>>();
  let named = 0;

  const exclusive = <T>(run: () => Promise<T>) => client._runExclusiveTransaction(() => client._runExclusiveQuery(run));

  const prepare = (text: string): Promise<Statement | null> =>
    exclusive(async () => {
      const name = `kept_${++named}`;
      const { messages } = await client.execProtocol(
        Buffer.concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      );
      return {
        name,
        paramTypes: parse.parseDescribeStatementResults(messages),
        rowDescription: messages.find((message) => message.name === 'rowDescription'),
      };
    }).catch(() => null); // Text Postgres cannot prepare: query() gives the caller its error.

  const run = (statement: Statement, params: unknown[], options: QueryOptions | undefined) => {
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[index];
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    return exclusive(async () => {
      const { messages } = await client.execProtocol(
        Buffer.concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
      );
      const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
      return parse.parseResults(described, client.parsers, options)[0];
    });
  };

  client.query = (async <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    let statement = statements.get(text);
    if (!statement) {
      if (!params?.length || options?.blob || statements.size >= maxStatements || !isRepeated(text)) return query<T>(text, params, options);
      statements.set(text, (statement = prepare(text)));
    }
    const prepared = await statement;
    if (!prepared) return query<T>(text, params, options);
    try {
      return (await run(prepared, params ?? [], options)) as Results<T>;
    } catch (error) {
      if ((error as { code?: string }).code !== CHANGED_RESULT_TYPE) throw error;
      // Prepared again on its next two asks, with the rows' new shape.
      statements.delete(text);
      await query(`DEALLOCATE ${prepared.name}`);
      return query<T>(text, params, options);
    }
  }) as PGlite['query'];
}
