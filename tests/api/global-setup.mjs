// Tests start many embedded databases. Creating a PGlite cluster (initdb) and migrating it is
// most of that start, and the same every time: it is done once here, and each test opens a
// copy of the result (PGlite's own dumpDataDir / loadDataDir): the migrated database for
// backends, and a bare cluster for the tests of PGlite itself.
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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
}
