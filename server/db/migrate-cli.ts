import { loadBackendConfig } from '../config';
import { loadEnvFiles } from '../env-files';
import { startFailure } from '../startup-error';
import { openDatabase } from './database';
import { seedCatalog } from './seed';

/** `npm run migrate`: the deploy step before new backends start: applies the migrations (under PostgreSQL's advisory lock) and loads the catalog. */
async function main() {
  loadEnvFiles();
  const database = await openDatabase(loadBackendConfig().database);
  try {
    const count = await seedCatalog(database.db);
    process.stdout.write(`migrated; ${count} offers loaded into ${database.kind}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => startFailure('migrate', error));
