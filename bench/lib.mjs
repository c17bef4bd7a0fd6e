// Small helpers shared by the benchmark scripts.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
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

/** `stop()` sends SIGTERM and resolves once the process has exited (SIGKILL after 15 s). */
export function startProcess(command, args, options) {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'], ...options });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  return { child, stop };
}

/** The ids of a process's children, from each process's parent id (Linux /proc; not every kernel has /proc/<pid>/task/<pid>/children). */
export function childrenOf(pid) {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // The parent id follows the name, which is in parentheses and may hold spaces.
        return Number(fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]) === pid;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

/**
 * Resolves with the time (Date.now()) at which a child of `pid` first runs with a command line
 * matching `pattern`, or null if `pid` ends first. Polled every 50 ms, from the kernel's list of
 * the process's children where it keeps one (cheaper than reading every process's stat).
 */
export async function whenChildRuns(pid, pattern) {
  const listed = `/proc/${pid}/task/${pid}/children`;
  for (;;) {
    if (!fs.existsSync(`/proc/${pid}`)) return null;
    let children;
    try {
      children = fs.readFileSync(listed, 'utf8').split(' ').filter(Boolean).map(Number);
    } catch {
      children = childrenOf(pid);
    }
    for (const child of children) {
      try {
        if (pattern.test(fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').replaceAll('\0', ' '))) return Date.now();
      } catch {
        // gone meanwhile
      }
    }
    await sleep(50);
  }
}

/** Polls until the URL answers 200; returns the seconds it took. Gives up early if `child` exits. */
export async function waitFor(url, timeoutMs = 90_000, child) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child && (child.exitCode !== null || child.signalCode !== null))
      throw new Error(`the process serving ${url} ended (${child.exitCode ?? child.signalCode})`);
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
  return Object.fromEntries(
    stats.map((entry) => [entry.route, entry.firstLoadChunkPaths.reduce((total, file) => total + gzipOf(file), 0)]),
  );
}

/**
 * Autocannon's run. Errors (answers not 2xx, failures, timeouts) would count as throughput, so
 * any fails the run, unless the caller reports them itself (`reportErrors`, the soak).
 */
export function cannon(options, { reportErrors = false } = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 10, duration: 8, ...options }, (error, result) => {
      if (error) return reject(error);
      if (!reportErrors && (result.non2xx || result.errors || result.timeouts))
        return reject(new Error(`${options.url}: ${result.non2xx} answers not 2xx, ${result.errors} errors, ${result.timeouts} timeouts`));
      resolve(result);
    });
  });
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** An SMTP server on loopback that keeps the text of every mail it receives. */
export async function startMailSink(port) {
  const mails = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, _s, done) =>
      simpleParser(stream)
        .then((mail) => mails.push(mail.text ?? ''))
        .then(() => done(), done),
  });
  await new Promise((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return { mails, close: () => smtp.close() };
}

/**
 * One request over HTTP or HTTPS. `ca` is the certificate to trust for HTTPS (the topology's
 * self-signed one): Node 20's fetch takes no TLS options without the undici package.
 */
export function call(url, { method = 'GET', headers = {}, body, ca } = {}) {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      { method, headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) }, ca },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            setCookies: response.headers['set-cookie'] ?? [],
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Signs an account up at `site` with the code it is mailed, as a visitor does. Returns the
 * account, the headers of its session, and the anonymous headers (app key and XSRF) a login needs.
 * `ca`: the certificate to trust when `site` is HTTPS with a self-signed one.
 */
export async function signUpBenchUser(site, mails, name, { ca } = {}) {
  const appKey = { 'x-app-key': 'bluebonnet-website' };
  const cookieValue = (setCookies, name) =>
    setCookies
      .find((line) => line.startsWith(`${name}=`))
      ?.split(';')[0]
      .slice(name.length + 1);
  const first = await call(`${site}/api/auth/session-info`, { headers: appKey, ca });
  const xsrf = cookieValue(first.setCookies, 'XSRF-TOKEN');
  if (!xsrf) throw new Error(`${site}/api/auth/session-info answered ${first.status} without an XSRF cookie: ${first.text.slice(0, 200)}`);
  const anonymous = { ...appKey, 'content-type': 'application/json', 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` };
  const account = {
    UserName: `${name}-${Date.now()}@example.com`,
    Password: 'BenchPassword1',
    UserAgreedToTerms: true,
    CookieConsent: null,
  };
  const mailsBefore = mails.length;
  const asked = await call(`${site}/api/auth/signup`, { method: 'POST', headers: anonymous, body: JSON.stringify(account), ca });
  if (asked.status >= 400) throw new Error(`sign-up at ${site} answered ${asked.status}: ${asked.text.slice(0, 200)}`);
  let code;
  for (let i = 0; i < 100 && !code; i++) {
    if (mails.length > mailsBefore) code = mails.at(-1).match(/\b([A-Z2-9]{6})\b/)?.[1];
    else await sleep(100);
  }
  if (!code) throw new Error(`no sign-up code was mailed to ${account.UserName}`);
  const done = await call(`${site}/api/auth/signup`, {
    method: 'POST',
    headers: anonymous,
    body: JSON.stringify({ ...account, Code: code }),
    ca,
  });
  const [sid, sessionXsrf] = [cookieValue(done.setCookies, 'sid'), cookieValue(done.setCookies, 'XSRF-TOKEN')];
  if (done.status >= 400 || !sid || !sessionXsrf)
    throw new Error(`sign-up with the code at ${site} answered ${done.status} without a session: ${done.text.slice(0, 200)}`);
  const session = {
    ...appKey,
    'content-type': 'application/json',
    cookie: `sid=${sid}; XSRF-TOKEN=${sessionXsrf}`,
    'x-xsrf-token': sessionXsrf,
  };
  return { account, session, anonymous };
}
