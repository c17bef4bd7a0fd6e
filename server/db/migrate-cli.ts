import { operatorSettings } from '../operator-settings';
import { startFailure } from '../startup-error';
import { openDatabase } from './database';
import { seedCatalog } from './seed';

/** `npm run migrate`: the deploy step before new backends start: applies the migrations (under PostgreSQL's advisory lock) and loads the catalog. */
async function main() {
  const { config } = operatorSettings('migrate', process.argv.slice(2), (line) => process.stdout.write(`${line}\n`));
  const database = await openDatabase(config.database);
  try {
    const count = await seedCatalog(database.db);
    process.stdout.write(`migrated; ${count} offers loaded into ${database.kind}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => startFailure('migrate', error));
