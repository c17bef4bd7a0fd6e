import { expect } from '@playwright/test';
import fs from 'node:fs';
import http from 'node:http';
import { APP_KEY, APP_KEY_HEADER } from '../../lib/contract/http';

/*
 * A body over the backend's limit is refused at once on every path Next.js takes for /api,
 * without the server growing: the site server in-process (e2e) and forwarding to BACKEND_URL
 * (topology) alike.
 */

/** The process listening on a loopback port (from /proc: no tool needed). */
export function pidListeningOn(port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A') inodes.add(fields[9]);
    }
  }
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let descriptors: string[] = [];
    try {
      descriptors = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of descriptors) {
      try {
        const target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
        if ([...inodes].some((inode) => target === `socket:[${inode}]`)) return Number(pid);
      } catch {
        // closed meanwhile
      }
    }
  }
  throw new Error(`nothing listens on port ${port}`);
}

export const residentMegabytes = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** Sends up to 100 MB as one POST and stops once the answer has come: the status and how much was sent by then. */
function postHundredMegabytes(port: number, path: string, declareLength: boolean): Promise<{ status: number; sentMegabytes: number }> {
  const total = 100 * 1024 * 1024;
  const chunk = Buffer.alloc(256 * 1024, 0x20);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const headers: Record<string, string> = { 'Content-Type': 'application/json', [APP_KEY_HEADER]: APP_KEY };
    if (declareLength) headers['Content-Length'] = String(total);
    const request = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers }, (response) => {
      answered = true;
      response.resume();
      resolve({ status: response.statusCode ?? 0, sentMegabytes: sent / 1024 / 1024 });
      request.destroy();
    });
    request.on('error', (error) => (answered ? undefined : reject(error)));
    const write = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!request.write(chunk)) return request.once('drain', write);
      }
      if (!answered) request.end();
    };
    write();
  });
}

/** Each way of spelling an /api path answers 413 before 50 MB are sent, and the server grows less than 100 MB. */
export async function expectOversizedBodiesRefused(port: number): Promise<void> {
  const pid = pidListeningOn(port);
  const before = residentMegabytes(pid);
  for (const path of ['/api/auth/login', '/x/%2e%2e/api/auth/login', '/x/../api/auth/login', '/api/./auth/login']) {
    for (const declareLength of [true, false]) {
      const answer = await postHundredMegabytes(port, path, declareLength);
      expect(answer.status, `${path}, length ${declareLength ? 'declared' : 'not declared'}`).toBe(413);
      expect(answer.sentMegabytes, `${path}: sent before the answer`).toBeLessThan(50);
    }
  }
  expect(residentMegabytes(pid) - before).toBeLessThan(100);
}
