import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { backupDatabase, restoreDatabase } from '@/server/db/backup';
import { openDatabase } from '@/server/db/database';
import { users } from '@/server/db/schema';
import { bareCluster, migratedDatabase } from '../support/pglite-templates';

// PGlite folders take seconds each to create, load and open.
const slow = 120_000;

let root: string;
/** Where DATA_DIR=<root>/data puts the embedded database. */
let dataDir: string;
let backup: string;

async function emailsIn(folder: string): Promise<string[]> {
  const database = await openDatabase({ kind: 'pglite', dataDir: folder });
  try {
    return (await database.db.select({ email: users.email }).from(users).orderBy(users.email)).map((row) => row.email);
  } finally {
    await database.close();
  }
}

/** Adds an account; a new folder starts as a copy of the migrated database. */
async function addUser(folder: string, email: string): Promise<void> {
  const fresh = !fs.existsSync(folder);
  const database = await openDatabase({ kind: 'pglite', dataDir: folder, loadDataDir: fresh ? migratedDatabase() : undefined });
  try {
    await database.db.insert(users).values({ email, passwordHash: 'not a hash', termsAcceptedAt: new Date() });
  } finally {
    await database.close();
  }
}

/** The data folder's siblings: no lock, no half-restored or previous folder may be left. */
const besideData = () => fs.readdirSync(path.dirname(dataDir));

/** Every file of a folder, its path and bytes: the same digest means the database was not touched. */
function folderDigest(folder: string): string {
  const hash = createHash('sha256');
  for (const entry of fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .sort((a, b) => path.join(a.parentPath, a.name).localeCompare(path.join(b.parentPath, b.name)))) {
    const file = path.join(entry.parentPath, entry.name);
    hash.update(path.relative(folder, file));
    if (entry.isFile()) hash.update(fs.readFileSync(file));
  }
  return hash.digest('hex');
}

describe('embedded database backup and restore', () => {
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-restore-'));
    dataDir = path.join(root, 'data', 'pglite');
    await addUser(dataDir, 'kept@example.com');
    backup = path.join(root, 'site.tar.gz');
    expect(await backupDatabase(dataDir, backup)).toBe(fs.statSync(backup).size);
  }, slow);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it(
    'brings back the backed-up data over later changes, with --force',
    async () => {
      await addUser(dataDir, 'later@example.com');
      expect(await emailsIn(dataDir)).toEqual(['kept@example.com', 'later@example.com']);
      await restoreDatabase(dataDir, backup, { force: true });
      expect(await emailsIn(dataDir)).toEqual(['kept@example.com']);
      expect(besideData()).toEqual(['pglite']);
    },
    slow,
  );

  it(
    'refuses to replace a folder that holds data without --force, and fills a new folder without it',
    async () => {
      await expect(restoreDatabase(dataDir, backup)).rejects.toThrow(`${dataDir} is not empty: add --force to replace it.`);
      const fresh = path.join(root, 'fresh', 'pglite');
      await restoreDatabase(fresh, backup);
      expect(await emailsIn(fresh)).toEqual(['kept@example.com']);
      expect(fs.readdirSync(path.dirname(fresh))).toEqual(['pglite']);
    },
    slow,
  );

  describe('with a bad archive, refuses and leaves the live database as it was', () => {
    // Byte for byte: the refusals never open the live folder, so its files stay as they were.
    let live: string;
    beforeAll(async () => {
      await addUser(dataDir, 'live@example.com');
      expect(await emailsIn(dataDir)).toEqual(['kept@example.com', 'live@example.com']);
      live = folderDigest(dataDir);
    }, slow);

    const archive = (name: string, bytes: Buffer | string) => {
      const file = path.join(root, name);
      fs.writeFileSync(file, bytes);
      return file;
    };
    const cases: [string, () => Promise<string> | string, RegExp][] = [
      [
        'half of a real backup',
        () => archive('half.tar.gz', fs.readFileSync(backup).subarray(0, fs.statSync(backup).size / 2)),
        /the archive is truncated/,
      ],
      ['a text file', () => archive('notes.tar.gz', 'not an archive at all\n'.repeat(100)), /not a gzip\/tar archive/],
      [
        'a gzip tar of something else',
        () => {
          const other = fs.mkdtempSync(path.join(root, 'other-'));
          fs.writeFileSync(path.join(other, 'readme.txt'), 'hello\n');
          execFileSync('tar', ['czf', path.join(root, 'other.tar.gz'), '-C', other, '.']);
          return path.join(root, 'other.tar.gz');
        },
        /not a database of this site \(the archive holds no PostgreSQL data folder\)/,
      ],
      [
        'a PGlite database without this site’s tables',
        // A new cluster as initdb leaves it, in PGlite's own (uncompressed) dump.
        async () => archive('other-db.tar', Buffer.from(await bareCluster()!.arrayBuffer())),
        /not a database of this site \(it has no migrations table or no users table\)/,
      ],
    ];

    it.each(cases)(
      '%s',
      async (_name, make, problem) => {
        const file = await make();
        const refusal = restoreDatabase(dataDir, file, { force: true });
        await expect(refusal).rejects.toThrow(`Cannot restore ${file}: `);
        await expect(refusal).rejects.toThrow(problem);
        await expect(refusal).rejects.toThrow(`. ${dataDir} was not changed.`);
        expect(besideData()).toEqual(['pglite']);
        expect(folderDigest(dataDir)).toBe(live);
      },
      slow,
    );

    it(
      'puts the old folder back when the restored one does not open in its place',
      async () => {
        const create = PGlite.create.bind(PGlite);
        const spy = jest
          .spyOn(PGlite, 'create')
          .mockImplementationOnce(create as typeof PGlite.create)
          .mockImplementationOnce(() => Promise.reject(new Error('disk went away')));
        try {
          await expect(restoreDatabase(dataDir, backup, { force: true })).rejects.toThrow(
            `Cannot restore ${backup}: the restored database did not open in place (not a database PGlite can open (disk went away)). ${dataDir} was put back as it was.`,
          );
        } finally {
          spy.mockRestore();
        }
        expect(besideData()).toEqual(['pglite']);
        expect(folderDigest(dataDir)).toBe(live);
      },
      slow,
    );

    it(
      'the npm run db:restore command exits 1 with the message',
      async () => {
        const half = path.join(root, 'half.tar.gz');
        fs.writeFileSync(half, fs.readFileSync(backup).subarray(0, fs.statSync(backup).size / 2));
        const tsx = pathToFileURL(path.resolve('node_modules/tsx/dist/loader.mjs')).href;
        const failure = await promisify(execFile)(
          process.execPath,
          ['--import', tsx, path.resolve('server/db/backup-cli.ts'), 'restore', half, '--force'],
          {
            cwd: root,
            env: { PATH: process.env.PATH, NODE_ENV: 'development', DATA_DIR: path.dirname(dataDir) },
          },
        ).then(
          () => null,
          (error: { code: number; stderr: string }) => error,
        );
        expect(failure?.code).toBe(1);
        expect(failure?.stderr).toBe(
          `db: the embedded database in ${dataDir}; settings from the environment alone\nCannot restore ${half}: the archive is truncated (its gzip data ends early). ${dataDir} was not changed.\n`,
        );
        expect(besideData()).toEqual(['pglite']);
        expect(folderDigest(dataDir)).toBe(live);
      },
      slow,
    );
  });
});
