import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { acquireDataLock } from './data-lock';
import { privateFolder } from '../private-folder';

/**
 * Backup and restore of the embedded database as PGlite's own gzip tar. Both hold the data
 * folder's lock (a file beside the folder, so renaming the folder keeps it), so they refuse
 * while the site runs and the site cannot start in the middle of a restore.
 */

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Writes the database in `dataDir` to `file`; returns its size in bytes. */
export async function backupDatabase(dataDir: string, file: string): Promise<number> {
  // PGlite would create an empty database in a folder without one, and back that up.
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) throw new Error(`${dataDir} holds no database to back up.`);
  const lock = acquireDataLock(dataDir);
  try {
    const client = await PGlite.create({ dataDir });
    let dump: Blob;
    try {
      dump = await client.dumpDataDir('gzip');
    } finally {
      await client.close();
    }
    // Written beside and renamed, so a failed write never leaves half a backup under the name.
    const partial = `${file}.partial-${process.pid}`;
    try {
      fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
      fs.renameSync(partial, file);
    } finally {
      fs.rmSync(partial, { force: true });
    }
    return fs.statSync(file).size;
  } finally {
    lock.release();
  }
}

/**
 * Replaces the database in `dataDir` with the backup in `file`. The archive is unpacked and
 * opened in a sibling folder first; the live folder is only renamed aside, and removed once
 * the restored one opens in its place. Any failure leaves the live folder as it was.
 */
export async function restoreDatabase(dataDir: string, file: string, { force = false } = {}): Promise<void> {
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const lock = acquireDataLock(dataDir);
  const restoring = `${dataDir}.restoring-${process.pid}`;
  try {
    if (!force && fs.existsSync(dataDir) && fs.readdirSync(dataDir).length)
      throw new Error(`${dataDir} is not empty: add --force to replace it.`);
    try {
      const tar = readArchive(file);
      fs.rmSync(restoring, { recursive: true, force: true });
      privateFolder(restoring);
      await checkSiteDatabase(restoring, new Blob([tar]));
    } catch (error) {
      throw new Error(`Cannot restore ${file}: ${message(error)}. ${dataDir} was not changed.`);
    }
    await swapIn(restoring, dataDir, file);
  } finally {
    fs.rmSync(restoring, { recursive: true, force: true });
    lock.release();
  }
}

/** Moves the checked folder into place, keeping the old one until the new one opens there. */
async function swapIn(restored: string, dataDir: string, file: string): Promise<void> {
  const previous = `${dataDir}.previous-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  const hadFolder = fs.existsSync(dataDir);
  if (hadFolder) fs.renameSync(dataDir, previous);
  try {
    fs.renameSync(restored, dataDir);
    await checkSiteDatabase(dataDir);
  } catch (error) {
    try {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (hadFolder) fs.renameSync(previous, dataDir);
    } catch (undo) {
      throw new Error(
        `Cannot restore ${file}: ${message(error)}; the old database could not be put back (${message(undo)}), it is in ${previous}.`,
      );
    }
    throw new Error(
      `Cannot restore ${file}: the restored database did not open in place (${message(error)}). ${dataDir} was put back as it was.`,
    );
  }
  fs.rmSync(previous, { recursive: true, force: true });
}

/** The backup as a plain tar, after checking it is whole: PGlite itself does not report a bad one clearly. */
function readArchive(file: string): Buffer<ArrayBuffer> {
  let bytes: Buffer<ArrayBuffer>;
  try {
    bytes = fs.readFileSync(file);
  } catch (error) {
    throw new Error(`it cannot be read (${message(error)})`);
  }
  let tar = bytes;
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      tar = zlib.gunzipSync(bytes);
    } catch (error) {
      const truncated = (error as NodeJS.ErrnoException).code === 'Z_BUF_ERROR';
      throw new Error(truncated ? 'the archive is truncated (its gzip data ends early)' : `the archive is damaged (${message(error)})`);
    }
  }
  if (!tarEntries(tar).includes('PG_VERSION')) throw new Error('not a database of this site (the archive holds no PostgreSQL data folder)');
  return tar;
}

/** The entry names of a tar archive; throws if it is not one, or ends before its end marker. */
function tarEntries(tar: Buffer): string[] {
  const names: string[] = [];
  const notTar = () =>
    new Error(names.length ? `the archive is damaged (a bad tar header after ${names.length} entries)` : 'not a gzip/tar archive');
  for (let offset = 0; offset + 512 <= tar.length;) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) return names;
    const field = (start: number, length: number) =>
      header
        .toString('latin1', start, start + length)
        .replace(/\0.*$/s, '')
        .trim();
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i];
    const size = Number.parseInt(field(124, 12), 8);
    if (Number.parseInt(field(148, 8), 8) !== sum || !Number.isInteger(size)) throw notTar();
    names.push(field(0, 100).replace(/^(\.?\/)+/, ''));
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  if (names.length) throw new Error('the archive is truncated (its tar data ends early)');
  throw notTar();
}

/** Opens the folder (loading `archive` into it if given) and checks it holds this site's tables. */
async function checkSiteDatabase(dataDir: string, archive?: Blob): Promise<void> {
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir, loadDataDir: archive });
  } catch (error) {
    throw new Error(`not a database PGlite can open (${message(error)})`);
  }
  try {
    const { rows } = await client.query<{ migrations: boolean; users: boolean }>(
      "select to_regclass('drizzle.__drizzle_migrations') is not null as migrations, to_regclass('public.users') is not null as users",
    );
    if (!rows[0]?.migrations || !rows[0]?.users)
      throw new Error('not a database of this site (it has no migrations table or no users table)');
  } finally {
    await client.close();
  }
}
