import fs from 'node:fs';

/**
 * Copies of the databases Jest's global setup made once (tests/api/global-setup.mjs), as
 * PGlite's `loadDataDir` takes them: a new PGlite from one skips initdb, and the migrations.
 * Undefined outside a Jest run that made them, where PGlite makes its own.
 */
const template = (file: string | undefined) => (file ? new Blob([fs.readFileSync(file)]) : undefined);

/** This site's database, migrated and empty. */
export const migratedDatabase = () => template(process.env.TEST_PGLITE_TEMPLATE);

/** A new PostgreSQL cluster, as initdb leaves it. */
export const bareCluster = () => template(process.env.TEST_PGLITE_BARE);
