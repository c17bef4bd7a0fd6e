import { operatorSettings } from '../operator-settings';
import { backupDatabase, restoreDatabase } from './backup';

/**
 * `npm run db:backup -- file.tar.gz` and `npm run db:restore -- file.tar.gz [--force]` for the
 * embedded database (see backup.ts). With DATABASE_URL, use PostgreSQL's own pg_dump / pg_restore.
 */
async function main() {
  const { config, args } = operatorSettings('db', process.argv.slice(2), (line) => process.stderr.write(`${line}\n`));
  const [command, file, flag] = args;
  const options = config.database;
  if (options.kind !== 'pglite' || !options.dataDir) throw new Error('DATABASE_URL is set: back up PostgreSQL with pg_dump instead.');
  if (!file || (command !== 'backup' && command !== 'restore') || (flag !== undefined && (command !== 'restore' || flag !== '--force'))) {
    throw new Error('usage: backup-cli.ts backup <file.tar.gz> | restore <file.tar.gz> [--force]');
  }
  const dataDir = options.dataDir;
  if (command === 'backup') {
    const size = await backupDatabase(dataDir, file);
    process.stdout.write(`backed up ${dataDir} to ${file} (${size} bytes)\n`);
  } else {
    await restoreDatabase(dataDir, file, { force: flag === '--force' });
    process.stdout.write(`restored ${file} into ${dataDir}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
