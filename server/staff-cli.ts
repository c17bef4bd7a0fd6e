import { systemClock } from './clock';
import { openDatabase } from './db/database';
import { operatorSettings } from './operator-settings';
import { runOperatorCommand } from './command-error';
import { runStaffCommand, staffUsage } from './services/staff/commands';

/**
 * `npm run staff -- <command>` (services/staff/commands.ts). Opens the database as
 * `npm run migrate` does, migrations first. The embedded database takes the data folder's
 * lock, so on PGlite this runs only while the site is stopped; with DATABASE_URL it runs any time.
 * `--settings <file>` loads the services' settings (server/operator-settings.ts).
 */
runOperatorCommand('staff', staffUsage, async (argv) => {
  const { config, args } = operatorSettings('staff', argv, (line) => process.stderr.write(`${line}\n`));
  const database = await openDatabase(config.database);
  try {
    const lines = await runStaffCommand(
      { db: database.db, clock: systemClock, staffPassword: process.env.STAFF_PASSWORD || undefined },
      args,
    );
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await database.close();
  }
});
