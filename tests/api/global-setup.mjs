// Tests start many databases. Creating a PGlite cluster (initdb) and migrating it is most of
// that start, and the same every time: it is done once here, and each test opens a copy of the
// result (PGlite's own dumpDataDir / loadDataDir): the migrated database for backends, and a
// bare cluster for the tests of PGlite itself. On PostgreSQL, test backends' databases are
// created from one migrated here (CREATE DATABASE … TEMPLATE).
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase } from './postgres-databases.mjs';

const root = path.resolve(import.meta.dirname, '../..');

export default async function globalSetup() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'website-pglite-templates-'));
  const client = await PGlite.create();
  try {
    const keep = async (name) => {
      const file = path.join(folder, name);
      fs.writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
      return file;
    };
    process.env.TEST_PGLITE_BARE = await keep('bare.tar');
    await migrate(drizzle(client), { migrationsFolder: path.join(root, 'server', 'db', 'migrations') });
    process.env.TEST_PGLITE_TEMPLATE = await keep('migrated.tar');
  } finally {
    await client.close();
  }
  if (process.env.TEST_DATABASE_URL) process.env.TEST_POSTGRES_TEMPLATE = await migratedPostgresTemplate(process.env.TEST_DATABASE_URL);
}

/** Creates and migrates a database for test databases to copy; its name. */
async function migratedPostgresTemplate(adminUrl) {
  const name = `test_migrated_${process.pid}`;
  const url = await createDatabase(adminUrl, name);
  // One connection, closed before any copy: PostgreSQL copies a template nobody is connected to.
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await migratePostgres(drizzlePostgres(pool), { migrationsFolder: path.join(root, 'server', 'db', 'migrations') });
  } finally {
    await pool.end();
  }
  return name;
}
