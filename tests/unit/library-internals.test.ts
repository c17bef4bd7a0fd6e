import { PGlite } from '@electric-sql/pglite';
import { Hono } from 'hono';
import { bareCluster } from '../support/pglite-templates';

/*
 * The two places the backend relies on a library's private parts. Each test fails on an upgrade
 * that changes what the code relies on, so the upgrade is noticed here and not in production.
 */

it('Hono reads a JSON body from the text its body cache holds (server/app.ts requireUtf8 puts the decoded text there)', async () => {
  const app = new Hono();
  app.use('*', async (c, next) => {
    (c.req.bodyCache as unknown as { text?: Promise<string> }).text = Promise.resolve('{"from":"cache"}');
    await next();
  });
  app.post('/', async (c) => c.json(await c.req.json()));
  const response = await app.request('/', { method: 'POST', body: '{"from":"request"}', headers: { 'Content-Type': 'application/json' } });
  expect(await response.json()).toEqual({ from: 'cache' });
});

it('PGlite runs work under its private query and transaction locks (server/db/pglite-statements.ts)', async () => {
  const client = await PGlite.create({ loadDataDir: bareCluster() });
  try {
    const order: string[] = [];
    let release!: () => void;
    let started!: () => void;
    const inside = new Promise<void>((resolve) => (started = resolve));
    const open = client.transaction(async (tx) => {
      order.push('transaction');
      started();
      await new Promise<void>((resolve) => (release = resolve));
      await tx.query('select 1');
    });
    await inside;
    // Under both locks, the work waits for the open transaction to end.
    const locked = client._runExclusiveTransaction(() => client._runExclusiveQuery(async () => order.push('locked work')));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual(['transaction']);
    release();
    await Promise.all([open, locked]);
    expect(order).toEqual(['transaction', 'locked work']);
  } finally {
    await client.close();
  }
});
