// The API tests each start a backend on a fresh embedded database. Creating a PGlite cluster
// (initdb) and migrating it is most of that start, and the same for every file: it is done once
// here, and each backend opens a copy of the result (PGlite's own dumpDataDir / loadDataDir).
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export default async function globalSetup() {
  if (process.env.TEST_DATABASE_URL) return;
  const client = await PGlite.create();
  try {
    await migrate(drizzle(client), { migrationsFolder: path.join(root, 'server', 'db', 'migrations') });
    const dump = await client.dumpDataDir('none');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'website-api-template-')), 'migrated.tar');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    process.env.TEST_PGLITE_TEMPLATE = file;
  } finally {
    await client.close();
  }
}
