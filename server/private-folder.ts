import fs from 'node:fs';

/**
 * Creates a folder (and its missing parents) that only this user can open, and makes an existing
 * one so: the database, mail with its codes and links, and backups live in such folders, whatever
 * modes the files inside are given.
 */
export function privateFolder(folder: string): void {
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  fs.chmodSync(folder, 0o700);
}
