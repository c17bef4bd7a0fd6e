// Starts a throw-away PostgreSQL cluster on a free loopback port, if Debian's server is installed.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';

function findBin() {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs.readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(base, version, 'bin');
    if (fs.existsSync(path.join(bin, 'initdb'))) return { bin, version };
  }
  return null;
}

/** `durable`: keep fsync on (benchmarks of writes); tests turn it off for speed. */
export async function startPostgres({ durable = false } = {}) {
  const found = findBin();
  if (!found) return null;
  const isRoot = process.getuid?.() === 0;
  // initdb refuses to run as root; Debian's package creates the postgres user.
  const asUser = (command, args) =>
    isRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' })
      : execFileSync(command, args, { stdio: 'pipe' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'website-pg-'));
  if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
  fs.chmodSync(dir, 0o700);
  const port = await freePort();
  asUser(path.join(found.bin, 'initdb'), ['-D', dir, '-U', 'postgres', '--auth=trust', '--locale=C.UTF-8', '-E', 'UTF8']);
  asUser(path.join(found.bin, 'pg_ctl'), [
    '-D',
    dir,
    '-w',
    '-l',
    path.join(dir, 'server.log'),
    '-o',
    `-h 127.0.0.1 -p ${port} -k ${dir}${durable ? '' : ' -c fsync=off'} -c max_connections=200`,
    'start',
  ]);
  return {
    version: found.version,
    /** The server's programs (pg_dump, pg_restore, psql, …). */
    bin: found.bin,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      spawnSync(
        isRoot ? 'runuser' : path.join(found.bin, 'pg_ctl'),
        isRoot
          ? ['-u', 'postgres', '--', path.join(found.bin, 'pg_ctl'), '-D', dir, '-m', 'fast', 'stop']
          : ['-D', dir, '-m', 'fast', 'stop'],
        { stdio: 'ignore' },
      );
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
