import fs from 'node:fs';
import { loadBackendConfig, type BackendConfig } from './config';
import { loadEnvFiles } from './env-files';

/** The services' settings file on a server set up as docs/deploy.md says. */
const servicesEnvFile = '/etc/bluebonnet/bluebonnet.env';

/** A command's database in words an operator can check: PostgreSQL's address without its password, or the embedded folder. */
export function describeDatabase(config: BackendConfig): string {
  const database = config.database;
  if (database.kind === 'postgres') {
    const url = new URL(database.url);
    url.password = '';
    return `PostgreSQL ${url.toString()}`;
  }
  const folder = database.dataDir ?? 'memory';
  return `the embedded database in ${folder}${database.dataDir && !fs.existsSync(database.dataDir) ? ' (new: nothing is there yet)' : ''}`;
}

/**
 * What an operator command (`npm run staff`, `jobs`, `migrate`, `db:backup`, `db:restore`) runs with:
 * the services' own settings file when `--settings <file>` names it, then the .env files as
 * Next.js reads them; set variables win over both. It says which database and which files it
 * used, and in production it refuses the embedded database, which would be a new, empty one
 * beside the services' PostgreSQL. Answers the configuration and the arguments left.
 */
export function operatorSettings(command: string, argv: string[], say: (line: string) => void): { config: BackendConfig; args: string[] } {
  const args = [...argv];
  const files: string[] = [];
  for (let at = args.findIndex((arg) => arg === '--settings' || arg.startsWith('--settings=')); at >= 0;) {
    const [flag, inline] = args[at].split(/=(.*)/s);
    const file = inline ?? args[at + 1];
    if (!file) throw new Error(`${flag} needs a file, such as ${servicesEnvFile}`);
    if (!fs.existsSync(file)) throw new Error(`${file} does not exist: give the services' settings file, such as ${servicesEnvFile}`);
    process.loadEnvFile(file);
    files.push(file);
    args.splice(at, inline === undefined ? 2 : 1);
    at = args.findIndex((arg) => arg === '--settings' || arg.startsWith('--settings='));
  }
  files.push(...loadEnvFiles());
  const config = loadBackendConfig();
  if (config.production && config.database.kind === 'pglite') {
    throw new Error(
      `NODE_ENV is production but DATABASE_URL is not set, so this would open ${describeDatabase(config)}, not the services' PostgreSQL. ` +
        `Load their settings with --settings ${servicesEnvFile}, or set DATABASE_URL (leave NODE_ENV unset for the embedded database of npm start).`,
    );
  }
  say(`${command}: ${describeDatabase(config)}; settings from ${files.length ? files.join(', ') : 'the environment alone'}`);
  return { config, args };
}
