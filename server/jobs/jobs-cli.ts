import { assembleBackend } from '../backend';
import { DatabaseClock } from '../clock';
import { runOperatorCommand } from '../command-error';
import { openDatabase } from '../db/database';
import { operatorSettings } from '../operator-settings';
import { jobsUsage, runJobCommand } from './job-commands';

/**
 * `npm run jobs -- <command>` (jobs/job-commands.ts), with the services' settings
 * (`--settings <file>`, server/operator-settings.ts): their database, mail server and payment
 * provider, and no scheduler of its own. On the embedded database it runs only while the site
 * is stopped (the data folder's lock); with DATABASE_URL, any time.
 */
runOperatorCommand('jobs', jobsUsage, async (argv) => {
  const { config, args } = operatorSettings('jobs', argv, (line) => process.stderr.write(`${line}\n`));
  const database = await openDatabase(config.database);
  const clock = new DatabaseClock();
  await clock.sync(database.db);
  // Its own lines are the output: the services' info lines only when LOG_LEVEL asks for them.
  const logLevel = process.env.LOG_LEVEL ? config.logLevel : 'warn';
  const backend = assembleBackend(database, { ...config, jobs: false, logLevel }, { clock });
  try {
    const { lines, ok } = await runJobCommand(backend.deps, args);
    process.stdout.write(`${lines.join('\n')}\n`);
    if (!ok) process.exitCode = 1;
  } finally {
    await backend.close();
  }
});
