import { loadBackendConfig } from '../config';
import { loadEnvFiles, startFailure } from '../env-files';
import { openDatabase } from './database';
import { seedCatalog } from './seed';

/** `npm run seed`: migrate and load the catalog without starting a server. */
async function main() {
  loadEnvFiles();
  const database = await openDatabase(loadBackendConfig().database);
  try {
    const count = await seedCatalog(database.db);
    process.stdout.write(`seeded ${count} offers into ${database.kind}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => startFailure('seed', error));
