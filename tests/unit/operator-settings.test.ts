import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadBackendConfig } from '@/server/config';
import { describeDatabase, operatorSettings } from '@/server/operator-settings';

it('names a command’s database without its password', () => {
  const postgres = loadBackendConfig({ DATABASE_URL: 'postgres://site:secret@db.example:5432/site', SECRETS_KEY: 'ab'.repeat(32) });
  expect(describeDatabase(postgres)).toBe('PostgreSQL postgres://site@db.example:5432/site');
  expect(describeDatabase(loadBackendConfig({ DATA_DIR: '/nowhere/data' }))).toBe(
    'the embedded database in /nowhere/data/pglite (new: nothing is there yet)',
  );
});

describe('the settings of an operator command', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'operator-settings-'));
  const dataDir = path.join(folder, 'data');
  const before = { ...process.env };
  beforeEach(() => {
    // As an operator's shell has it: no database named, and not Jest's NODE_ENV=test (a settings file does not override a set variable).
    delete process.env.DATABASE_URL;
    Reflect.deleteProperty(process.env, 'NODE_ENV');
    process.env.DATA_DIR = dataDir;
  });
  // The settings file writes into this process's environment: put it back as it was.
  afterEach(() => {
    for (const key of Object.keys(process.env)) if (!(key in before)) delete process.env[key];
    Object.assign(process.env, before);
  });
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('says which database and files it used, and takes the flag out of the arguments', () => {
    const settings = path.join(folder, 'staging.env');
    fs.writeFileSync(settings, 'LOG_LEVEL=warn\n');
    const said: string[] = [];
    const { args } = operatorSettings('staff', ['list', '--settings', settings], (line) => said.push(line));
    expect(args).toEqual(['list']);
    expect(said).toEqual([
      `staff: the embedded database in ${path.join(dataDir, 'pglite')} (new: nothing is there yet); settings from ${settings}`,
    ]);
  });

  it('refuses a settings file that is not there, or a flag without one', () => {
    expect(() => operatorSettings('staff', ['list', '--settings', path.join(folder, 'missing.env')], () => {})).toThrow(
      `${path.join(folder, 'missing.env')} does not exist: give the services' settings file, such as /etc/bluebonnet/bluebonnet.env`,
    );
    expect(() => operatorSettings('staff', ['list', '--settings'], () => {})).toThrow('--settings needs a file');
  });
});
