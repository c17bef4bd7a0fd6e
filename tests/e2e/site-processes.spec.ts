import { expect, test } from '@playwright/test';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/*
 * `npm start` is two processes (server/site.ts listens, Next.js answers pages in
 * server/pages-process.ts). Neither may outlive the other: a site without its pages process
 * must stop, so that a supervisor restarts it, and a pages process whose site was killed
 * outright must not linger with its socket folder. Each test starts a site of its own.
 */
test.describe.configure({ mode: 'serial' });

interface StartedSite {
  site: ChildProcess;
  pagesPid: number;
  exitCode: Promise<number | null>;
}

const socketFolders = () => new Set(fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('site-pages-')));

/** Starts `server/site.ts` on a port and data folder of its own; `output` is what it has printed so far. */
function spawnSite(name: string, options: { detached?: boolean } = {}) {
  const port = execFileSync(process.execPath, ['scripts/free-port.mjs']).toString();
  const dataDir = path.join(process.env.E2E_DATA_DIR ?? os.tmpdir(), `processes-${name}`);
  const site = spawn(process.execPath, ['--import', 'tsx', 'server/site.ts'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: port, DATA_DIR: dataDir, LOG_LEVEL: 'warn', PAYMENTS_MANUAL_ENABLED: 'true' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: options.detached,
  });
  const exitCode = new Promise<number | null>((resolve) => site.once('exit', (code) => resolve(code)));
  let output = '';
  site.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { site, port, exitCode, output: () => output };
}

/** A site that listens and answers, with the pid of its pages process. */
async function startSite(name: string, options: { detached?: boolean } = {}): Promise<StartedSite> {
  const { site, port, exitCode, output } = spawnSite(name, options);
  const pagesPid = await new Promise<number>((resolve, reject) => {
    site.stdout?.on('data', () => {
      const listening = /site listening on \S+ \(pages process (\d+)\)/.exec(output());
      if (listening) resolve(Number(listening[1]));
    });
    void exitCode.then((code) => reject(new Error(`the site exited with ${code} before it listened:\n${output()}`)));
  });
  const health = await fetch(`http://127.0.0.1:${port}/api/health`);
  expect(health.status).toBe(200);
  return { site, pagesPid, exitCode };
}

const isRunning = (pid: number) => {
  // 0 or less would ask about a whole process group (this test's own), which always answers.
  if (!(pid > 0)) throw new Error(`not a process id: ${pid}`);
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test('the site stops, with a failure, when its pages process dies', async () => {
  test.setTimeout(60_000);
  const { pagesPid, exitCode } = await startSite('pages-killed');
  process.kill(pagesPid, 'SIGKILL');
  expect(await exitCode).toBe(1);
});

test('the pages process and its socket folder go when the site is killed outright', async () => {
  test.setTimeout(60_000);
  const before = socketFolders();
  const { site, pagesPid, exitCode } = await startSite('site-killed');
  const created = [...socketFolders()].filter((name) => !before.has(name));
  expect(created).toHaveLength(1);
  site.kill('SIGKILL');
  await exitCode;
  await expect.poll(() => isRunning(pagesPid), { timeout: 10_000 }).toBe(false);
  expect(socketFolders().has(created[0])).toBe(false);
});

// Stopped while the pages process is still starting Next.js, before either half is ready.
test('a site stopped while it starts leaves neither its pages process nor its socket folder', async () => {
  test.setTimeout(60_000);
  const before = socketFolders();
  const { site, exitCode, output } = spawnSite('stopped-early');
  // The folder comes a moment before the pages process is spawned: both must exist.
  const childrenOfSite = () => fs.readFileSync(`/proc/${site.pid}/task/${site.pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  await expect.poll(() => [[...socketFolders()].filter((name) => !before.has(name)).length, childrenOfSite().length], { timeout: 20_000, intervals: [20] }).toEqual([1, 1]);
  const created = [...socketFolders()].find((name) => !before.has(name));
  const [pagesPid] = childrenOfSite();
  expect(output()).not.toContain('site listening');
  site.kill('SIGTERM');
  expect([await exitCode, site.signalCode]).toEqual([0, null]);
  await expect.poll(() => isRunning(pagesPid), { timeout: 10_000 }).toBe(false);
  expect(socketFolders().has(created ?? '')).toBe(false);
});

// A terminal's Ctrl-C reaches every process of the group, and scripts/start.mjs passes it on to
// the site as well: the second signal must not cut the closing short.
test('a Ctrl-C to the process group, passed on once more, stops the site cleanly', async () => {
  test.setTimeout(60_000);
  const before = socketFolders();
  const { site, pagesPid, exitCode } = await startSite('group-stopped', { detached: true });
  const created = [...socketFolders()].filter((name) => !before.has(name));
  if (!site.pid) throw new Error('the site has no process id');
  process.kill(-site.pid, 'SIGINT');
  site.kill('SIGINT');
  expect(await exitCode).toBe(0);
  expect(site.signalCode).toBeNull();
  await expect.poll(() => isRunning(pagesPid), { timeout: 10_000 }).toBe(false);
  expect(socketFolders().has(created[0])).toBe(false);
});
