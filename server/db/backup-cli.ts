import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadBackendConfig } from '../config';
import { loadEnvFiles } from '../env-files';
import { acquireDataLock } from './data-lock';

/**
 * `npm run db:backup -- file.tar.gz` and `npm run db:restore -- file.tar.gz [--force]` for the
 * embedded database. Both take the data folder's lock, so they refuse while the site runs.
 * (With DATABASE_URL, use PostgreSQL's own pg_dump / pg_restore.)
 */
async function main() {
  const [command, file, flag] = process.argv.slice(2);
  loadEnvFiles();
  const options = loadBackendConfig().database;
  if (options.kind !== 'pglite' || !options.dataDir) throw new Error('DATABASE_URL is set: back up PostgreSQL with pg_dump instead.');
  if (!file || (command !== 'backup' && command !== 'restore')) throw new Error('usage: backup-cli.ts backup|restore <file.tar.gz> [--force]');
  const dataDir = options.dataDir;
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = acquireDataLock(dataDir);
  try {
    if (command === 'backup') {
      const client = await PGlite.create({ dataDir });
      const dump = await client.dumpDataDir('gzip');
      await client.close();
      fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
      process.stdout.write(`backed up ${dataDir} to ${file} (${fs.statSync(file).size} bytes)\n`);
      return;
    }
    if (fs.readdirSync(dataDir).length && flag !== '--force') throw new Error(`${dataDir} is not empty: add --force to replace it.`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true });
    const client = await PGlite.create({ dataDir, loadDataDir: new Blob([fs.readFileSync(path.resolve(file))]) });
    await client.close();
    process.stdout.write(`restored ${file} into ${dataDir}\n`);
  } finally {
    lock.release();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
