/**
 * `npm run jobs` as an operator runs it, on a PGlite data folder: it says which database and
 * settings it used, and runs a job (the commands themselves: tests/api/job-commands.test.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { migratedDatabase } from '../support/pglite-templates';

it('says which database it opened and runs a job', async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'jobs-cli-'));
  try {
    const dataDir = path.join(folder, 'data');
    fs.mkdirSync(dataDir);
    await (await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: migratedDatabase() })).close();
    const inherited = { ...process.env };
    delete inherited.DATABASE_URL;
    Reflect.deleteProperty(inherited, 'NODE_ENV');
    delete inherited.LOG_LEVEL;
    const tsx = pathToFileURL(path.resolve('node_modules/tsx/dist/loader.mjs')).href;
    const result = spawnSync(process.execPath, ['--import', tsx, 'server/jobs/jobs-cli.ts', 'run', 'clock-sync'], {
      env: { ...inherited, NODE_OPTIONS: '', DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(result.stderr.split('\n')[0]).toBe(
      `jobs: the embedded database in ${path.join(dataDir, 'pglite')}; settings from the environment alone`,
    );
    expect({ status: result.status, stdout: result.stdout }).toEqual({
      status: 0,
      stdout: expect.stringMatching(/^clock-sync: ok, 0 done in \d+ ms\n$/),
    });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
