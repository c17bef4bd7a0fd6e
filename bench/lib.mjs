// Small helpers shared by the benchmark scripts.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function timed(label, command, args, options) {
  process.stdout.write(`… ${label}\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'], ...options });
  if (result.status !== 0) throw new Error(`${label} failed`);
  return (Date.now() - started) / 1000;
}

export function startProcess(command, args, options) {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'], ...options });
  return { child, stop: () => child.kill('SIGTERM') };
}

/** Polls until the URL answers 200; returns the seconds it took. */
export async function waitFor(url, timeoutMs = 90_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(url, { redirect: 'manual' });
      if (response.status === 200) return (Date.now() - started) / 1000;
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** First-load JS of each route, gzip level 9, from Turbopack's route bundle stats. */
export function firstLoadJs(distRoot, statsFile) {
  const stats = JSON.parse(fs.readFileSync(statsFile, 'utf8'));
  const sizes = new Map();
  const gzipOf = (file) => {
    if (!sizes.has(file)) sizes.set(file, zlib.gzipSync(fs.readFileSync(`${distRoot}/${file}`), { level: 9 }).length);
    return sizes.get(file);
  };
  return Object.fromEntries(stats.map((entry) => [entry.route, entry.firstLoadChunkPaths.reduce((total, file) => total + gzipOf(file), 0)]));
}

/**
 * Autocannon's run. Errors (answers not 2xx, failures, timeouts) would count as throughput, so
 * any fails the run, unless the caller reports them itself (`reportErrors`, the soak).
 */
export function cannon(options, { reportErrors = false } = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 10, duration: 8, ...options }, (error, result) => {
      if (error) return reject(error);
      if (!reportErrors && (result.non2xx || result.errors || result.timeouts)) return reject(new Error(`${options.url}: ${result.non2xx} answers not 2xx, ${result.errors} errors, ${result.timeouts} timeouts`));
      resolve(result);
    });
  });
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** An SMTP server on loopback that keeps the text of every mail it receives. */
export async function startMailSink(port) {
  const mails = [];
  const smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false, onData: (stream, _s, done) => simpleParser(stream).then((mail) => mails.push(mail.text ?? '')).then(() => done(), done) });
  await new Promise((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return { mails, close: () => smtp.close() };
}

/**
 * Signs an account up at `site` with the code it is mailed, as a visitor does. Returns the
 * account, the headers of its session, and the anonymous headers (app key and XSRF) a login needs.
 */
export async function signUpBenchUser(site, mails, name) {
  const appKey = { 'x-app-key': 'bluebonnet-website' };
  const first = await fetch(`${site}/api/auth/session-info`, { headers: appKey });
  const xsrf = first.headers.getSetCookie().find((line) => line.startsWith('XSRF-TOKEN=')).split(';')[0].split('=')[1];
  const anonymous = { ...appKey, 'content-type': 'application/json', 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` };
  const account = { UserName: `${name}-${Date.now()}@example.com`, Password: 'BenchPassword1', UserAgreedToTerms: true, CookieConsent: null };
  const mailsBefore = mails.length;
  await fetch(`${site}/api/auth/signup`, { method: 'POST', headers: anonymous, body: JSON.stringify(account) });
  let code;
  for (let i = 0; i < 100 && !code; i++) {
    if (mails.length > mailsBefore) code = mails.at(-1).match(/\b([A-Z2-9]{6})\b/)?.[1];
    else await sleep(100);
  }
  if (!code) throw new Error(`no sign-up code was mailed to ${account.UserName}`);
  const done = await fetch(`${site}/api/auth/signup`, { method: 'POST', headers: anonymous, body: JSON.stringify({ ...account, Code: code }) });
  const cookies = Object.fromEntries(done.headers.getSetCookie().map((line) => line.split(';')[0].split('=')));
  const session = { ...appKey, 'content-type': 'application/json', cookie: `sid=${cookies.sid}; XSRF-TOKEN=${cookies['XSRF-TOKEN']}`, 'x-xsrf-token': cookies['XSRF-TOKEN'] };
  return { account, session, anonymous };
}
