import fs from 'node:fs';
import path from 'node:path';

export interface DataLock {
  release(): void;
}

export class DataFolderInUseError extends Error {
  constructor(folder: string, pid: number) {
    super(
      `The database folder ${folder} is in use by process ${pid}. ` +
        'Only one process may open the embedded database; stop the other one or set DATABASE_URL to use PostgreSQL.',
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Two processes opening one PGlite folder both succeed and corrupt it, so the folder
 * gets a lock file holding the owner's pid. A lock left by a dead process is taken over.
 */
export function acquireDataLock(folder: string): DataLock {
  const file = path.join(folder, '..', `${path.basename(folder)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
          } catch {
            /* already gone */
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DataFolderInUseError(folder, owner);
      }
      fs.unlinkSync(file);
    }
  }
  throw new Error(`Could not take the lock on ${folder}`);
}
