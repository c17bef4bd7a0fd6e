import { loadBackendConfig } from '@/server/config';
import { describeDatabase } from '@/server/operator-settings';

it('names a command’s database without its password', () => {
  const postgres = loadBackendConfig({ DATABASE_URL: 'postgres://site:secret@db.example:5432/site', SECRETS_KEY: 'ab'.repeat(32) });
  expect(describeDatabase(postgres)).toBe('PostgreSQL postgres://site@db.example:5432/site');
  expect(describeDatabase(loadBackendConfig({ DATA_DIR: '/nowhere/data' }))).toBe(
    'the embedded database in /nowhere/data/pglite (new: nothing is there yet)',
  );
});
