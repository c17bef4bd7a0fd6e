import { PGlite } from '@electric-sql/pglite';
import { trackWritesOf, type ReadCache } from '@/server/db/read-cache';

/* Remembered reads on PGlite last exactly until the next write, whatever form the write takes. */

let client: PGlite;
let cache: ReadCache;
const readValue = () => cache.remember('value', async () => (await client.query<{ v: number }>('select v from t')).rows[0].v);

beforeEach(async () => {
  client = await PGlite.create();
  cache = trackWritesOf(client);
  await client.exec('create table t (v int); insert into t values (1);');
});
afterEach(() => client.close());

it('answers from memory while nothing is written', async () => {
  let loads = 0;
  const load = async () => {
    loads++;
    return (await client.query<{ v: number }>('select v from t')).rows[0].v;
  };
  expect(await cache.remember('value', load)).toBe(1);
  expect(await cache.remember('value', load)).toBe(1);
  expect(loads).toBe(1);
});

it.each([
  ['an UPDATE', () => client.query('update t set v = 2')],
  ['a CTE that writes', () => client.query('with x as (update t set v = 2 returning v) select v from x')],
  ['exec', () => client.exec('update t set v = 2')],
  ['a transaction', () => client.transaction(async (tx) => void (await tx.query('update t set v = 2')))],
])('forgets everything after %s', async (_name, write) => {
  expect(await readValue()).toBe(1);
  await write();
  expect(await readValue()).toBe(2);
});

it('does not keep a read that overlapped a write', async () => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  // The read loads the old value, then a write completes before the read is stored.
  const slowRead = cache.remember('value', async () => {
    const value = (await client.query<{ v: number }>('select v from t')).rows[0].v;
    await gate;
    return value;
  });
  await client.query('update t set v = 2');
  release();
  expect(await slowRead).toBe(1);
  expect(await readValue()).toBe(2);
});
