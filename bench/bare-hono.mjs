// The API floor: one bare Hono route on @hono/node-server, same versions as the backend.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono().get('/api/bare', (c) => c.json({ CartItemCount: 0, NotificationCount: 0 }));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
