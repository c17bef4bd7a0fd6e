import fs from 'node:fs';
import { Histogram } from 'prom-client';
import type { Db } from '@/server/db/database';
import { jobs } from '@/server/jobs/scheduler';
import { createMetrics } from '@/server/metrics';

/*
 * The alert rules shipped in deploy/ watch series the backend really exports: a metric renamed
 * in server/metrics.ts, or a job renamed in the scheduler, fails here instead of silencing an alert.
 */

const rules = fs.readFileSync('deploy/prometheus/bluebonnet-alerts.yml', 'utf8');
const expressions = [...rules.matchAll(/^\s*expr: (.+)$/gm)].map(([, expr]) => expr);
/** PromQL's own words in the rules, and Prometheus's own series. */
const promql = new Set(['sum', 'max', 'abs', 'rate', 'increase', 'time', 'histogram_quantile', 'by', 'up']);

it('names only metrics the backend exports', () => {
  // Never scraped here, so the database is not reached.
  const { registry } = createMetrics(undefined as unknown as Db);
  const exported = new Set(
    registry
      .getMetricsAsArray()
      .flatMap((metric) => (metric instanceof Histogram ? ['_bucket', '_count', '_sum'].map((end) => metric.name + end) : [metric.name])),
  );
  expect(expressions.length).toBeGreaterThanOrEqual(8);
  for (const expr of expressions) {
    // What is left without label matchers, ranges and grouping labels: functions and metric names.
    const names = expr
      .replace(/\{[^}]*\}|\[[^\]]*\]|by \([^)]*\)/g, ' ')
      .match(/\b[a-z][a-z0-9_]*\b/g)!
      .filter((word) => !promql.has(word));
    for (const name of names) expect([expr, exported.has(name)]).toEqual([expr, true]);
  }
});

it('names only jobs the scheduler runs', () => {
  const named = [...rules.matchAll(/job!?="([^"]+)"/g)].map(([, name]) => name).filter((name) => name !== 'bluebonnet-backend');
  expect(named.length).toBeGreaterThan(0);
  for (const name of named) expect(jobs.map((job) => job.name)).toContain(name);
});
