// The floor of PUT store/cart: one bare Hono route on @hono/node-server that does the write's
// database work with node-postgres alone, every statement prepared by name: the session read,
// the transaction (cart row, items, the items back) with its durable commit, and the held
// subscriptions' read. No contract checks, middleware or ORM: what the same statements cost
// on this machine's Node.js and PostgreSQL. DATABASE_URL is the site's migrated database.
import { createHash } from 'node:crypto';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, idleTimeoutMillis: 0 });
const statement =
  (name, text) =>
  (values, client = pool) =>
    client.query({ name, text, values });
const sessionOf = statement(
  'bare_session',
  'select s.user_id, s.xsrf_token from sessions s join users u on u.id = s.user_id where s.token_hash = $1',
);
const writeCart = statement(
  'bare_cart',
  `insert into carts (user_id, billing_name, billing_address1, billing_city, billing_state_code, billing_postal_code,
     billing_country_code, updated_at) values ($1, $2, $3, $4, $5, $6, $7, now())
   on conflict (user_id) do update set billing_name = excluded.billing_name, billing_address1 = excluded.billing_address1,
     billing_city = excluded.billing_city, billing_state_code = excluded.billing_state_code,
     billing_postal_code = excluded.billing_postal_code, billing_country_code = excluded.billing_country_code, updated_at = now()
   returning *`,
);
const writeItem = statement(
  'bare_item',
  `insert into cart_items (user_id, offer_key, quantity) values ($1, $2, $3)
   on conflict (user_id, offer_key) do update set quantity = excluded.quantity`,
);
const itemsOf = statement('bare_items', 'select offer_key, quantity from cart_items where user_id = $1');
const subscriptionsOf = statement(
  'bare_subscriptions',
  `select s.*, o.claims, i.tax_rate_bps from subscriptions s join offers o on o.key = s.offer_key
   left join offers so on so.key = s.scheduled_offer_key join invoices i on i.id = s.invoice_id
   where s.user_id = $1 order by s.effective_at desc`,
);

const app = new Hono()
  .get('/health', (c) => c.text('ok'))
  .put('/api/bare/cart', async (c) => {
    const token = /(?:^|;\s*)sid=([^;]+)/.exec(c.req.header('cookie') ?? '')?.[1];
    const session = token && (await sessionOf([createHash('sha256').update(token).digest('hex')])).rows[0];
    if (!session || session.xsrf_token !== c.req.header('x-xsrf-token')) return c.json({ Errors: ['session'] }, 401);
    const { Items, BillingInfo: b } = await c.req.json();
    const client = await pool.connect();
    try {
      await client.query('begin');
      const [cart] = (await writeCart([session.user_id, b.Name, b.Address1, b.City, b.StateCode, b.PostalCode, b.CountryCode], client))
        .rows;
      for (const item of Items) await writeItem([session.user_id, item.ServiceOfferKey, item.Quantity], client);
      const items = (await itemsOf([session.user_id], client)).rows;
      await client.query('commit');
      // On the same connection: one taken from the pool per call, as the backend's transaction takes one.
      const held = (await subscriptionsOf([session.user_id], client)).rows;
      return c.json({ cart, items, held });
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  });
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
