/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '@/server/db/database';
import * as schema from '@/server/db/schema';
import { bareCluster } from '../support/pglite-templates';

/**
 * Subscriptions bought as several units were one row per unit; migration 0010 turns each
 * invoice line into one subscription with a quantity. Run on a database that holds rows of the
 * old shape, as a live site's would.
 */
function migrationsUpTo(tag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const upTo = journal.entries.findIndex((entry) => entry.tag === tag);
  fs.mkdirSync(path.join(folder, 'meta'));
  fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo + 1) }));
  for (const entry of journal.entries.slice(0, upTo + 1))
    fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return folder;
}

it('makes one subscription of each line’s units, keeping its history and its quantity', async () => {
  const client = new PGlite({ loadDataDir: bareCluster() });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: migrationsUpTo('0009_mail_templates') });
  await client.exec(`
    INSERT INTO users (id, email, password_hash, terms_accepted_at) VALUES ('00000000-0000-4000-8000-000000000001', 'old@example.com', 'x', now());
    INSERT INTO offers (key, description, service_name, service_home_page, app_page, price_cents, trial_days, is_subscription, items, claims)
      VALUES ('pdf-workshop-pro-monthly', '{"en":"","de":"","ru":""}', '{"en":"","de":"","ru":""}', '/', '/', 999, 0, true, '{"en":[],"de":[],"ru":[]}', '[]');
  `);
  const invoice = (number: string, id: string) =>
    client.exec(`INSERT INTO invoices (id, number, user_id, created_at, billing_name, billing_address1, billing_city, billing_postal_code, billing_country_code, billing_country_name, billing_email, is_tax_exempt, tax_rate_bps, sub_total_cents, tax_cents, total_cents, from_cart)
       VALUES ('${id}', '${number}', '00000000-0000-4000-8000-000000000001', now(), 'Ann', '1 Main St', 'Plano', '75024', 'US', 'United States', 'old@example.com', false, 0, 1998, 0, 1998, true)`);
  await invoice('2026-00001', '00000000-0000-4000-8000-0000000000a1');
  await invoice('2026-00002', '00000000-0000-4000-8000-0000000000a2');
  // Two units bought on the first invoice, renewed together on the second.
  const unit = (id: string, invoiceId: string, unit: number, previous: string | null, renewed: boolean) =>
    client.exec(
      `INSERT INTO subscriptions (id, user_id, offer_key, unit, invoice_id, previous_id, effective_at, expires_at, is_renewed, provider)
       VALUES ('${id}', '00000000-0000-4000-8000-000000000001', 'pdf-workshop-pro-monthly', ${unit}, '${invoiceId}', ${previous ? `'${previous}'` : 'NULL'}, now(), now() + interval '1 month', ${renewed}, 'manual')`,
    );
  await unit('00000000-0000-4000-8000-0000000000b0', '00000000-0000-4000-8000-0000000000a1', 0, null, true);
  await unit('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000a1', 1, null, true);
  await unit(
    '00000000-0000-4000-8000-0000000000c0',
    '00000000-0000-4000-8000-0000000000a2',
    0,
    '00000000-0000-4000-8000-0000000000b0',
    false,
  );
  await unit(
    '00000000-0000-4000-8000-0000000000c1',
    '00000000-0000-4000-8000-0000000000a2',
    1,
    '00000000-0000-4000-8000-0000000000b1',
    false,
  );

  await migrate(db, { migrationsFolder });

  const { rows } = await client.query<{ id: string; quantity: number; previous_id: string | null }>(
    'SELECT id, quantity, previous_id FROM subscriptions ORDER BY id',
  );
  expect(rows).toEqual([
    { id: '00000000-0000-4000-8000-0000000000b0', quantity: 2, previous_id: null },
    { id: '00000000-0000-4000-8000-0000000000c0', quantity: 2, previous_id: '00000000-0000-4000-8000-0000000000b0' },
  ]);
  await client.close();
});
