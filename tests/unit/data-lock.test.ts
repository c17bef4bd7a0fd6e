import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acquireDataLock, DataFolderInUseError } from '@/server/db/data-lock';

const madeFolders: string[] = [];
const folder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-test-'));
  madeFolders.push(dir);
  return dir;
};
afterAll(() => madeFolders.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
const lockFile = (dataDir: string) => path.join(dataDir, '..', `${path.basename(dataDir)}.lock`);

describe('the embedded database lock', () => {
  it('refuses a folder held by another live process, with a clear message', async () => {
    const dataDir = path.join(folder(), 'pglite');
    const other = spawn('sleep', ['30']);
    try {
      fs.writeFileSync(lockFile(dataDir), String(other.pid));
      expect(() => acquireDataLock(dataDir)).toThrow(DataFolderInUseError);
      expect(() => acquireDataLock(dataDir)).toThrow(/in use by process \d+.*set DATABASE_URL/);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a dead process, and releases it', async () => {
    const dataDir = path.join(folder(), 'pglite');
    const gone = spawn('true');
    await new Promise((resolve) => gone.on('exit', resolve));
    fs.writeFileSync(lockFile(dataDir), String(gone.pid));
    const lock = acquireDataLock(dataDir);
    expect(fs.readFileSync(lockFile(dataDir), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(lockFile(dataDir))).toBe(false);
  });
});
