/** What the site keeps on disk (database, mail files, backups) only its own user can read. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backupDatabase } from '@/server/db/backup';
import { openDatabase } from '@/server/db/database';
import { loadBackendConfig } from '@/server/config';
import { createMailer } from '@/server/email/mailer';
import { migratedDatabase } from '../support/pglite-templates';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
let folder: string;
beforeEach(() => (folder = fs.mkdtempSync(path.join(os.tmpdir(), 'private-'))));
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

it('creates the embedded database folder and its missing parents for its user only, and makes an existing one so', async () => {
  const dataDir = path.join(folder, 'data', 'pglite');
  const database = await openDatabase({ kind: 'pglite', dataDir, loadDataDir: migratedDatabase() });
  await database.close();
  expect(modeOf(dataDir)).toBe(0o700);
  expect(modeOf(path.dirname(dataDir))).toBe(0o700);
  fs.chmodSync(dataDir, 0o777);
  await (await openDatabase({ kind: 'pglite', dataDir })).close();
  expect(modeOf(dataDir)).toBe(0o700);
  // A backup holds the same data: only its user reads it.
  const backup = path.join(folder, 'site.tar.gz');
  await backupDatabase(dataDir, backup);
  expect(modeOf(backup)).toBe(0o600);
});

it('writes mail files (codes and links in them) into a folder for its user only', async () => {
  const mailDir = path.join(folder, 'mail');
  await createMailer({ mailDir, mail: loadBackendConfig({}).mail }).send({
    id: 'code',
    to: 'ann@example.com',
    subject: 'Your code',
    text: 'Your code is ABC123.',
  });
  expect(modeOf(mailDir)).toBe(0o700);
});
