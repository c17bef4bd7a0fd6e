// An open-loop load at a fixed rate: one request every 1/rate seconds, evenly spaced, whatever
// the answers do. autocannon's rate limit sends each second's quota in a burst at the start of
// the second, so its p99 at "500 req/s" is mostly the time to drain a 500-request queue.
// Latency here runs from the moment a request was due, so a stalled server cannot hide its
// queue (no coordinated omission).
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] : NaN);

/**
 * @param {{ url: string, method?: string, headers?: Record<string, string>, body?: string,
 *           rate?: number, durationSeconds?: number, warmUpSeconds?: number, connections?: number }} options
 */
export function fixedRate({ url, method = 'GET', headers = {}, body, rate = 500, durationSeconds = 8, warmUpSeconds = 1, connections = 50 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
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
      resolve({ p50Ms: round(percentile(sorted, 50)), p99Ms: round(percentile(sorted, 99)), maxMs: round(sorted.at(-1) ?? NaN), requests: sorted.length, errors });
    };
    const fire = (index, dueAt) => {
      const request = http.request(target, { method, headers: body ? { ...headers, 'content-length': Buffer.byteLength(body) } : headers, agent }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode >= 400) errors++;
          if (index >= warmUp) latencies.push(performance.now() - dueAt);
          if (++finished === total) done();
        });
      });
      request.on('error', () => {
        errors++;
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
