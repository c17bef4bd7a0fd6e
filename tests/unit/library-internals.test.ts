import { Hono } from 'hono';

/*
 * The one place the backend relies on a library's private parts. The test fails on an upgrade
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
