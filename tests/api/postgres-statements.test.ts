import { Pool } from 'pg';
import { nameRepeatedQueries } from '@/server/db/postgres-statements';
import { createPostgresDatabase } from './harness';

/* On PostgreSQL (the second Jest run of `npm test`): a query asked again runs as a named statement. */

const adminUrl = process.env.TEST_DATABASE_URL;
const describeOnPostgres = adminUrl ? describe : describe.skip;

describeOnPostgres('named statements on PostgreSQL', () => {
  const pools: Pool[] = [];
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;

  /** One connection, so the statements it keeps can be listed on it. */
  const openPool = (room = 500) => {
    const pool = new Pool({ connectionString: database.url, max: 1 });
    nameRepeatedQueries(pool, room);
    pools.push(pool);
    return pool;
  };
  const keptOn = async (pool: Pool) =>
    (await pool.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements order by prepare_time'))
      .rows;
  // Drizzle's shape: a query config, the values beside it.
  const ask = (pool: Pool, text: string, values: unknown[], rowMode?: 'array') =>
    rowMode ? pool.query({ text, rowMode }, values) : pool.query({ text }, values);

  beforeAll(async () => {
    database = await createPostgresDatabase(adminUrl!);
    await openPool().query("create table t (id int primary key, name text); insert into t values (1, 'one'), (2, 'two')");
  });

  /**
   * pool.end() resolves while its connections are still closing; the forced drop below would cut
   * one (57P01), and the pool would throw that as an idle client's error. Its 'remove' comes once
   * a connection has closed.
   */
  const endAndClose = (pool: Pool) =>
    new Promise<void>((resolve, reject) => {
      let open = pool.totalCount;
      pool.on('remove', () => --open === 0 && resolve());
      pool.end().then(() => open === 0 && resolve(), reject);
    });

  afterAll(async () => {
    await Promise.all(pools.map(endAndClose));
    await database.drop();
  });

  it('names a text with parameters from its second ask on, with the same answers', async () => {
    const pool = openPool();
    const text = 'select id, name from t where id = $1';
    const first = await ask(pool, text, [1]);
    expect(await keptOn(pool)).toEqual([]);
    expect((await ask(pool, text, [1])).rows).toEqual(first.rows);
    expect((await ask(pool, text, [2], 'array')).rows).toEqual([[2, 'two']]);
    expect((await keptOn(pool)).map((row) => row.statement)).toEqual([text]);
  });

  it('names the queries of a transaction’s own connection too', async () => {
    const pool = openPool();
    const text = 'update t set name = $1 where id = $2 returning name';
    const client = await pool.connect();
    try {
      await client.query('begin');
      for (const name of ['a', 'b']) expect((await client.query({ text }, [name, 2])).rows).toEqual([{ name }]);
      await client.query('rollback');
    } finally {
      client.release();
    }
    expect((await keptOn(pool)).map((row) => row.statement)).toEqual([text]);
  });

  it('leaves texts without parameters unnamed, and stops at the room it was given', async () => {
    const pool = openPool(2);
    for (let ask = 0; ask < 2; ask++) await pool.query({ text: 'select 1 as n' }, []);
    const texts = [1, 2, 3].map((n) => `select ${n} + $1::int as n`);
    for (const text of texts) for (let i = 0; i < 2; i++) expect((await ask(pool, text, [i])).rows).toEqual([{ n: Number(text[7]) + i }]);
    expect((await keptOn(pool)).map((row) => row.statement)).toEqual(texts.slice(0, 2));
  });

  // pool.query hands pg a callback; a transaction's client is asked for a promise.
  it.each(['pool', 'client'] as const)(
    'runs a statement whose rows changed shape again, unnamed, then names it afresh (through the %s)',
    async (through) => {
      const pool = openPool();
      const table = `shape_${through}`;
      await pool.query(`create table ${table} (id int); insert into ${table} values (7)`);
      const client = await pool.connect();
      const text = `select * from ${table} where id = $1`;
      const run = () => (through === 'pool' ? pool : client).query({ text }, [7]);
      try {
        if (through === 'pool') client.release();
        for (let i = 0; i < 2; i++) expect((await run()).rows).toEqual([{ id: 7 }]);
        // Another process migrating: Postgres refuses the kept plan (0A000).
        await (through === 'pool' ? pool : client).query(`alter table ${table} add column note text`);
        for (let i = 0; i < 3; i++) expect((await run()).rows).toEqual([{ id: 7, note: null }]);
      } finally {
        if (through === 'client') client.release();
      }
      const kept = await keptOn(pool);
      expect(kept.map((row) => row.statement)).toEqual([text, text]);
      expect(kept[0].name).not.toBe(kept[1].name);
    },
  );
});
