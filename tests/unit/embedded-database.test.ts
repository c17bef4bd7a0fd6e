import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '@/server/db/database';
import { migratedDatabase } from '../support/pglite-templates';

/* The embedded database starts with PGlite's own parameters and WAL segments that are not zero-filled. */

let database: Database;

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', loadDataDir: migratedDatabase() });
});

afterAll(() => database.close());

const setting = async (name: 'wal_init_zero' | 'search_path' | 'max_worker_processes') => {
  const { rows } = (await database.db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Record<string, string>[] };
  return rows[0][name];
};

it('creates new WAL segments without writing 16 MB of zeros first', async () => {
  expect(await setting('wal_init_zero')).toBe('off');
});

it('keeps PGlite’s own start parameters', async () => {
  expect(await setting('search_path')).toBe('public');
  expect(await setting('max_worker_processes')).toBe('0');
});

it('refuses a data folder a running site holds, naming the process, and writes nothing into it', async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'held-data-'));
  const site = spawn('sleep', ['30']);
  try {
    const dataDir = path.join(folder, 'pglite');
    fs.writeFileSync(`${dataDir}.lock`, String(site.pid));
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(`is in use by process ${site.pid}`);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  } finally {
    site.kill();
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
