import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { prepareRepeatedQueries } from '@/server/db/pglite-statements';
import { bareCluster } from '../support/pglite-templates';

/* A query asked again runs as a named prepared statement, with the same answers as PGlite's own path. */

let plain: PGlite;
let kept: PGlite;

const schema = `create table t (id int primary key, name text, tags text[], data jsonb, at timestamptz, amount numeric);
  insert into t values (1, 'one', '{a,b}', '{"k": [1, 2]}', '2026-11-26 01:02:03+00', 12.5), (2, null, null, null, null, null);`;

// Two databases for the file (each takes seconds to start); every test has its own texts and tables.
beforeAll(async () => {
  [plain, kept] = await Promise.all([PGlite.create({ loadDataDir: bareCluster() }), PGlite.create({ loadDataDir: bareCluster() })]);
  await Promise.all([plain.exec(schema), kept.exec(schema)]);
  prepareRepeatedQueries(kept);
});

afterAll(() => Promise.all([plain.close(), kept.close()]));

/** Which of `texts` Postgres keeps as prepared statements, in the order given. */
const keptOf = async (client: PGlite, texts: string[]) => {
  const statements = new Set(
    (await client.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map((row) => row.statement),
  );
  return texts.filter((text) => statements.has(text));
};

// Four values in every row: Jest takes a test function with one more parameter than its row for a done callback.
const reads: [string, string, unknown[], QueryOptions | undefined][] = [
  ['objects, every kind of value', 'select * from t where id = any($1::int[]) order by id', [[1, 2]], undefined],
  ['arrays of values (Drizzle’s row mode)', 'select id, name, data from t where id >= $1 order by id', [1], { rowMode: 'array' }],
  [
    'parameters of several types, a null among them',
    'select $1::int + 1 as n, $2::text as s, $3::jsonb as j, $4::timestamptz as at, $5::text is null as missing',
    [41, 'x', { a: [1] }, new Date('2026-01-02T03:04:05Z'), null],
    undefined,
  ],
  ['no rows', 'select * from t where id = $1', [99], undefined],
];

it.each(reads)('answers %s as PGlite does, from the second ask on as a named statement', async (_label, text, params, options) => {
  const expected = await plain.query(text, params, options);
  expect(await kept.query(text, params, options)).toEqual(expected);
  expect(await keptOf(kept, [text])).toEqual([]);
  for (let ask = 0; ask < 2; ask++) expect(await kept.query(text, params, options)).toEqual(expected);
  expect(await keptOf(kept, [text])).toEqual([text]);
});

it('counts the rows a write changed and returns what it returned', async () => {
  const table = 'create table w (id int primary key, name text); insert into w values (1, null), (2, null);';
  await Promise.all([plain.exec(table), kept.exec(table)]);
  const update = 'update w set name = $1 where id <= $2';
  const insert = 'insert into w (id, name) values ($1, $2) returning id, name';
  for (let ask = 0; ask < 3; ask++) {
    expect(await kept.query(update, [`n${ask}`, 2])).toEqual(await plain.query(update, [`n${ask}`, 2]));
    expect(await kept.query(insert, [10 + ask, 'new'])).toEqual(await plain.query(insert, [10 + ask, 'new']));
  }
  expect(await keptOf(kept, [update, insert])).toEqual([update, insert]);
});

it('leaves queries without parameters, and those asked once, to PGlite', async () => {
  await kept.query('select 1 as once');
  await kept.query('select 1 as once');
  await kept.query('select $1::int as once', [1]);
  expect(await keptOf(kept, ['select 1 as once', 'select $1::int as once'])).toEqual([]);
});

it('keeps at most the statements it was given room for', async () => {
  const small = await PGlite.create({ loadDataDir: bareCluster() });
  prepareRepeatedQueries(small, 3);
  const texts = [1, 2, 3, 4, 5].map((id) => `select ${id} + $1::int as n`);
  for (const text of texts) for (let ask = 0; ask < 2; ask++) await small.query(text, [ask]);
  expect(await keptOf(small, texts)).toEqual(texts.slice(0, 3));
  expect((await small.query(texts[4], [1])).rows).toEqual([{ n: 6 }]);
  await small.close();
});

it('forgets the oldest of the texts asked once, so later ones can still be kept', async () => {
  const small = await PGlite.create({ loadDataDir: bareCluster() });
  prepareRepeatedQueries(small, 2);
  const texts = [1, 2, 3].map((id) => `select ${id} + $1::int as n`);
  for (const text of texts) await small.query(text, [0]);
  await small.query(texts[2], [0]);
  await small.query(texts[0], [0]);
  expect(await keptOf(small, texts)).toEqual([texts[2]]);
  await small.close();
});

it('rejects with Postgres’s error, and the statement still runs afterwards', async () => {
  await kept.exec('create table u (id int primary key)');
  const insert = 'insert into u (id) values ($1)';
  await kept.query(insert, [20]);
  await kept.query(insert, [21]);
  await expect(kept.query(insert, [21])).rejects.toMatchObject({ code: '23505' });
  await expect(kept.query(insert, [22])).resolves.toMatchObject({ affectedRows: 1 });
  expect(await keptOf(kept, [insert])).toEqual([insert]);
});

it('never runs inside another caller’s transaction: it waits for the commit and reads what it wrote', async () => {
  await kept.exec('create table x (id int primary key); insert into x values (1), (2);');
  const count = 'select count(*)::int as n from x where id >= $1';
  await kept.query(count, [0]);
  await kept.query(count, [0]);
  let inserted!: () => void;
  const insertedOne = new Promise<void>((resolve) => (inserted = resolve));
  let finish!: () => void;
  const held = new Promise<void>((resolve) => (finish = resolve));
  const transaction = kept.transaction(async (tx) => {
    await tx.query('insert into x (id) values (30)');
    inserted();
    await held;
    await tx.query('insert into x (id) values (31)');
  });
  await insertedOne;
  const read = kept.query<{ n: number }>(count, [0]);
  let answered = false;
  void read.then(() => (answered = true));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(answered).toBe(false);
  finish();
  await transaction;
  expect((await read).rows).toEqual([{ n: 4 }]);
});

it('a kept statement whose rows changed shape is prepared again', async () => {
  await kept.exec('create table y (id int primary key); insert into y values (1);');
  const all = 'select * from y where id = $1';
  await kept.query(all, [1]);
  await kept.query(all, [1]);
  await kept.exec('alter table y add column extra int default 7');
  expect((await kept.query(all, [1])).rows[0]).toMatchObject({ id: 1, extra: 7 });
  expect((await kept.query(all, [1])).rows[0]).toMatchObject({ id: 1, extra: 7 });
  expect((await kept.query(all, [1])).rows[0]).toMatchObject({ id: 1, extra: 7 });
  expect(await keptOf(kept, [all])).toEqual([all]);
});

it('hands PGlite a text it cannot prepare, so the caller gets PGlite’s own error', async () => {
  const wrong = 'select * from missing where id = $1';
  for (let ask = 0; ask < 3; ask++) await expect(kept.query(wrong, [1])).rejects.toThrow('relation "missing" does not exist');
  await expect(kept.query('select $1::int as n', [1])).resolves.toMatchObject({ rows: [{ n: 1 }] });
});
