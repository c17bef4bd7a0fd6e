import { PGlite } from '@electric-sql/pglite';
import { trackWritesOf, writtenTables, type ReadCache } from '@/server/db/read-cache';
import { bareCluster } from '../support/pglite-templates';

/* Remembered reads on PGlite last exactly until a write touches their tables, whatever form the write takes. */

let client: PGlite;
let cache: ReadCache;
let loads: number;
const readValue = () =>
  cache.remember('value', ['t'], async () => {
    loads++;
    return (await client.query<{ v: number }>('select v from t')).rows[0].v;
  });

// One database for the file (a new PGlite takes seconds); each test gets fresh tables and a fresh cache.
beforeAll(async () => {
  client = await PGlite.create({ loadDataDir: bareCluster() });
});
afterAll(() => client.close());
beforeEach(async () => {
  await client.exec('drop table if exists t, other; create table t (v int); insert into t values (1); create table other (v int);');
  cache = trackWritesOf(client);
  loads = 0;
});

it('answers from memory while nothing is written', async () => {
  expect(await readValue()).toBe(1);
  expect(await readValue()).toBe(1);
  expect(loads).toBe(1);
});

it.each([
  ['an UPDATE', () => client.query('update t set v = 2')],
  ['a quoted UPDATE', () => client.query('update "t" set "v" = 2')],
  ['a CTE that writes', () => client.query('with x as (update t set v = 2 returning v) select v from x')],
  ['exec', () => client.exec('update t set v = 2')],
  ['a transaction', () => client.transaction(async (tx) => void (await tx.query('update t set v = 2')))],
  ['exec in a transaction', () => client.transaction(async (tx) => void (await tx.exec('update t set v = 2')))],
])('forgets after %s', async (_name, write) => {
  expect(await readValue()).toBe(1);
  await write();
  expect(await readValue()).toBe(2);
});

it.each([
  ['a write to another table', () => client.query('insert into other values (1)')],
  [
    'a transaction that writes another table',
    () => client.transaction(async (tx) => void (await tx.query('insert into "other" ("v") values ($1)', [1]))),
  ],
  ['a read-only transaction', () => client.transaction(async (tx) => void (await tx.query('select v from t')))],
])('keeps its answer after %s', async (_name, write) => {
  await readValue();
  await write();
  await readValue();
  expect(loads).toBe(1);
});

it('does not keep a read that overlapped a write', async () => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  // The read loads the old value, then a write completes before the read is stored.
  const slowRead = cache.remember('value', ['t'], async () => {
    const value = (await client.query<{ v: number }>('select v from t')).rows[0].v;
    await gate;
    return value;
  });
  await client.query('update t set v = 2');
  release();
  expect(await slowRead).toBe(1);
  expect(await readValue()).toBe(2);
});

it('names the tables drizzle’s statements write, and treats anything unknown as every table', () => {
  expect(writtenTables('select "id" from "sessions"')).toEqual([]);
  expect(writtenTables('insert into "cart_items" ("user_id") values ($1)')).toEqual(['cart_items']);
  expect(writtenTables('update "sessions" set "wrong_password_count" = $1')).toEqual(['sessions']);
  expect(writtenTables('delete from "users" where "id" = $1')).toEqual(['users']);
  // The cart's one-statement write: an upsert's "do update set" is not a table.
  expect(
    writtenTables(
      'with "cart" as (insert into "carts" ("user_id") values ($1) on conflict ("user_id") do update set "updated_at" = now() returning *), "gone" as (delete from "cart_items" where "user_id" = $2) select * from "cart"',
    ),
  ).toEqual(['carts', 'cart_items']);
  expect(writtenTables('with x as (select 1) select * from x')).toEqual(['*']);
  expect(writtenTables('truncate sessions')).toEqual(['*']);
});
