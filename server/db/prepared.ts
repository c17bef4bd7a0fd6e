import type { Db } from './database';

/**
 * A statement the signed-in calls run often (the session lookup above all), built by drizzle
 * once per database or transaction (not again per call) and, on PostgreSQL, parsed and planned
 * once per connection under its name (PGlite ignores the name). `build` makes the query with
 * `sql.placeholder`s and prepares it with the name.
 */
export function preparedStatement<Statement>(build: (db: Db) => Statement): (db: Db) => Statement {
  const built = new WeakMap<Db, Statement>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
