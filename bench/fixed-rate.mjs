// An open-loop load at a fixed rate: one request every 1/rate seconds, evenly spaced, whatever
// the answers do. autocannon's rate limit sends each second's quota in a burst at the start of
// the second, so its p99 at "500 req/s" is mostly the time to drain a 500-request queue.
// Latency here runs from the moment a request was due, so a stalled server cannot hide its
// queue (no coordinated omission).
import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { median } from './lib.mjs';

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] : NaN);

/**
 * `ca`: the certificate to trust for an HTTPS URL (the topology's self-signed one); the TLS
 * handshakes happen as connections open, in the warm-up second. `onAnswer`, if given, hears of
 * each counted request: when it was due (ms from the start), its latency and its status (or
 * error code).
 * @param {{ url: string, method?: string, headers?: Record<string, string>, body?: string, ca?: string | Buffer,
 *           rate?: number, durationSeconds?: number, warmUpSeconds?: number, connections?: number,
 *           onAnswer?: (answer: { dueMs: number, latencyMs: number, status: number | string }) => void }} options
 */
export function fixedRate({
  url,
  method = 'GET',
  headers = {},
  body,
  ca,
  rate = 500,
  durationSeconds = 8,
  warmUpSeconds = 1,
  connections = 50,
  onAnswer,
}) {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  const agent = new client.Agent({ keepAlive: true, maxSockets: connections, ...(ca ? { ca } : {}) });
  const latencies = [];
  let errors = 0;
  let sent = 0;
  let finished = 0;
  const total = Math.round(rate * (warmUpSeconds + durationSeconds));
  const warmUp = Math.round(rate * warmUpSeconds);

  return new Promise((resolve) => {
    const done = () => {
      agent.destroy();
      const sorted = latencies.sort((a, b) => a - b);
      const round = (ms) => Math.round(ms * 100) / 100;
      resolve({
        p50Ms: round(percentile(sorted, 50)),
        p99Ms: round(percentile(sorted, 99)),
        maxMs: round(sorted.at(-1) ?? NaN),
        requests: sorted.length,
        errors,
      });
    };
    const fire = (index, dueAt) => {
      const request = client.request(
        target,
        { method, headers: body ? { ...headers, 'content-length': Buffer.byteLength(body) } : headers, agent },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode >= 400) errors++;
            if (index >= warmUp) {
              latencies.push(performance.now() - dueAt);
              onAnswer?.({ dueMs: dueAt - start, latencyMs: performance.now() - dueAt, status: response.statusCode });
            }
            if (++finished === total) done();
          });
        },
      );
      request.on('error', (error) => {
        errors++;
        if (index >= warmUp)
          onAnswer?.({ dueMs: dueAt - start, latencyMs: performance.now() - dueAt, status: error.code ?? error.message });
        if (++finished === total) done();
      });
      request.end(body);
    };
    const start = performance.now();
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
      while (sent < due) {
        fire(sent, start + (sent * 1000) / rate);
        sent++;
      }
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
}

/**
 * Load each target at its rate for a few seconds, results discarded: a process just started
 * answers its first second slowly while its code compiles and its pool opens connections.
 * @param {Record<string, Parameters<typeof fixedRate>[0]>} targets
 */
export async function warmUp(targets, seconds) {
  for (const target of Object.values(targets)) await fixedRate({ ...target, warmUpSeconds: 0, durationSeconds: seconds });
}

/**
 * fixedRate over several targets in alternated rounds: per target the median p50 and p99 of
 * the rounds, the highest max and the errors of all rounds. One 8-second run's p99 on this
 * shared machine can be off by an order of magnitude.
 * @param {Record<string, Parameters<typeof fixedRate>[0]>} targets
 */
export async function fixedRateRounds(targets, rounds = 3) {
  const runs = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [name, target] of Object.entries(targets)) runs[name].push(await fixedRate(target));
  }
  return Object.fromEntries(
    Object.entries(runs).map(([name, results]) => [
      name,
      {
        p50Ms: median(results.map((r) => r.p50Ms)),
        p99Ms: median(results.map((r) => r.p99Ms)),
        maxMs: Math.max(...results.map((r) => r.maxMs)),
        p99MsRounds: results.map((r) => r.p99Ms),
        requests: results.reduce((sum, r) => sum + r.requests, 0),
        errors: results.reduce((sum, r) => sum + r.errors, 0),
      },
    ]),
  );
}
