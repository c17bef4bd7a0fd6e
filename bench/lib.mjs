// Small helpers shared by the benchmark scripts.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import zlib from 'node:zlib';
import autocannon from 'autocannon';

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

export function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 10, duration: 8, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
