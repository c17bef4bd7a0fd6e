import { databaseOptionsFromEnv, openDatabase } from './database';
import { seedCatalog } from './seed';

/** `npm run seed`: migrate and load the catalog without starting a server. */
async function main() {
  const database = await openDatabase(databaseOptionsFromEnv());
  try {
    const count = await seedCatalog(database.db);
    process.stdout.write(`seeded ${count} offers into ${database.kind}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
