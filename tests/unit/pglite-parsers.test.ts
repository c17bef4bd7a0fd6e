import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { installDrizzleParsers, withoutInstalledParsers } from '@/server/db/pglite-parsers';
import { bareCluster } from '../support/pglite-templates';

/* Drizzle's per-query type override is installed once on the client: the same values, without the per-query copy. */

const t = pgTable('t', { id: text('id') });
const values = sql`select
  timestamptz '2026-11-26 01:02:03.456+00' as tz,
  timestamp '2026-11-26 01:02:03' as ts,
  date '2026-11-26' as d,
  interval '1 day 2 hours' as i,
  array[1.5, 2.25]::numeric[] as n,
  array[timestamptz '2026-11-26 01:02:03+00']::timestamptz[] as tzs,
  array[date '2026-11-26']::date[] as ds,
  array[interval '1 hour']::interval[] as ivs,
  array[timestamp '2026-11-26 01:02:03']::timestamp[] as tss,
  jsonb_build_object('a', 1) as j,
  42 as int`;

it('leaves out exactly the override Drizzle sends with each query', async () => {
  const client = await PGlite.create({ loadDataDir: bareCluster() });
  const query = drizzle(client).select().from(t).prepare('probe') as unknown as { queryConfig: object; rawQueryConfig: object };
  // If a Drizzle upgrade changes its override, this fails and the list in pglite-parsers.ts needs a look.
  expect(withoutInstalledParsers(query.queryConfig as never)).toEqual({ rowMode: 'array' });
  expect(withoutInstalledParsers(query.rawQueryConfig as never)).toEqual({ rowMode: 'object' });
  const own = { rowMode: 'array' as const, parsers: { [1184]: (value: string) => new Date(value) } };
  expect(withoutInstalledParsers(own)).toBe(own);
  await client.close();
});

it('answers every type as a client without it does, through Drizzle, in and out of transactions', async () => {
  const plain = drizzle(await PGlite.create({ loadDataDir: bareCluster() }));
  const installedClient = await PGlite.create({ loadDataDir: bareCluster() });
  installDrizzleParsers(installedClient);
  const installed = drizzle(installedClient);
  const expected = (await plain.execute(values)).rows;
  expect(expected[0]).toMatchObject({ tz: '2026-11-26 01:02:03.456+00', d: '2026-11-26', n: '{1.5,2.25}', j: { a: 1 }, int: 42 });
  expect((await installed.execute(values)).rows).toEqual(expected);
  expect((await installed.transaction((tx) => tx.execute(values))).rows).toEqual(expected);
  await Promise.all([plain.$client.close(), installedClient.close()]);
});
