// `npm test`: every test. The checks (types, ESLint, Prettier) side by side, stopping there on a
// failure; then Jest (unit, API, components), then Playwright against a production build, then
// the production topology of deploy/ (nginx, two backends, Next.js, PostgreSQL).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPostgres } from './postgres.mjs';

const root = path.resolve(import.meta.dirname, '..');
const results = [];

/**
 * The machine's processor time so far, busy and in all (Linux's /proc/stat, all cores): over a
 * stage, the busy share says whether the stage kept the cores busy, so whether another stage
 * beside it could shorten the suite. Browsers and servers count too, wherever they were reaped.
 * Null where /proc is missing.
 */
function processorTicks() {
  try {
    const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    // user nice system idle iowait irq softirq steal: idle and iowait are the waiting ones.
    const total = ticks.slice(0, 8).reduce((sum, value) => sum + value, 0);
    return { busy: total - ticks[3] - ticks[4], total };
  } catch {
    return null;
  }
}

// Each test runner also writes its results as JSON here, so the summary (the end of the log, the
// part a CI page shows) names the tests that failed, not only the stage.
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'website-test-reports-'));

/** A message's first line with words, past Jest's "● Test suite failed to run" heading. */
const firstLine = (text = '') =>
  text
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line && !line.startsWith('●')) ?? '';

/** Failed tests in a Jest --json report: "file › test: first line of the error". */
function jestFailures(report) {
  return report.testResults.flatMap((file) => {
    const where = path.relative(root, file.name);
    const tests = file.assertionResults.filter((test) => test.status === 'failed');
    if (tests.length === 0) return file.status === 'failed' ? [`${where}: ${firstLine(file.message)}`] : [];
    return tests.map((test) => `${where} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
  });
}

/** Failed tests in a Playwright JSON report, suites nested by file and describe. */
function playwrightFailures(report) {
  // Files are named from the test folder.
  const where = (file) => path.relative(root, path.join(report.config.rootDir, file));
  const walk = (suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === 'unexpected')
        .map((test) => `${where(spec.file)}:${spec.line} › ${spec.title}: ${firstLine(test.results.at(-1)?.error?.message)}`),
    ),
    ...(suite.suites ?? []).flatMap(walk),
  ];
  return [...(report.suites ?? []).flatMap(walk), ...(report.errors ?? []).map((error) => firstLine(error.message))];
}

/** The failures a stage's report names; none when the runner wrote no report (it failed before). */
function failuresIn(report) {
  if (!report || !fs.existsSync(report.file)) return [];
  try {
    return report.read(JSON.parse(fs.readFileSync(report.file, 'utf8')));
  } catch {
    return [];
  }
}

function run(name, command, args, env = {}, report = null) {
  process.stdout.write(`\n=== ${name} ===\n`);
  const started = Date.now();
  const before = processorTicks();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  const after = processorTicks();
  results.push({
    name,
    ok,
    seconds: Math.round((Date.now() - started) / 1000),
    busyPercent: before && after ? Math.round((100 * (after.busy - before.busy)) / (after.total - before.total)) : null,
    failures: ok ? [] : failuresIn(report),
  });
  return ok;
}

const jest = ['node_modules/jest/bin/jest.js', '--ci'];
/** Jest's arguments for a JSON report of a stage, and how the summary reads it. */
function jestReport(stage) {
  const file = path.join(reports, `${stage}.json`);
  return { args: ['--json', `--outputFile=${file}`], report: { file, read: jestFailures } };
}
const vmModules = { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings`.trim() };

/** Runs stages side by side, each one's output kept and printed whole when it ends. */
function runTogether(stages) {
  return Promise.all(
    stages.map(
      ({ name, command = process.execPath, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (status) => {
            const text = Buffer.concat(output).toString();
            process.stdout.write(`\n=== ${name} ===\n${text}`);
            // A check's complaints end its output: the summary repeats the last of them.
            const lastLines = text
              .split('\n')
              .filter((line) => line.trim())
              .slice(-8);
            results.push({
              name,
              ok: status === 0,
              seconds: Math.round((Date.now() - started) / 1000),
              failures: status === 0 ? [] : lastLines,
            });
            resolve(status === 0);
          });
        }),
    ),
  );
}

function summarise() {
  process.stdout.write('\n=== summary ===\n');
  for (const { ok, name, seconds, busyPercent, failures = [] } of results) {
    const busy = busyPercent == null ? '' : `, processors ${busyPercent} % busy`;
    process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds} s${busy})\n`);
    for (const failure of failures) process.stdout.write(`       ${failure}\n`);
  }
  fs.rmSync(reports, { recursive: true, force: true });
  const failed = results.filter((result) => !result.ok).length;
  process.stdout.write(`${results.length - failed} passed, ${failed} failed\n`);
  process.exit(failed ? 1 : 0);
}

// The checks first, together: they take seconds, a failure names the line, and nothing slow runs after one.
run('typecheck: route types', process.execPath, ['node_modules/next/dist/bin/next', 'typegen']);
await runTogether([
  // TypeScript's native compiler checks the same program several times faster; Next.js's build
  // and typescript-eslint need the JavaScript API it does not have, so they keep TypeScript 6.
  { name: 'typecheck: tsc --noEmit (TypeScript 7)', args: ['node_modules/typescript-native/bin/tsc', '--noEmit'] },
  { name: 'lint: ESLint (hooks, layer boundaries)', args: ['node_modules/eslint/bin/eslint.js', '.'] },
  { name: 'format: Prettier', args: ['node_modules/prettier/bin/prettier.cjs', '--check', '.'] },
  { name: 'imports: no cycles, type-only ones included (dependency-cruiser)', command: 'npm', args: ['run', '-s', 'lint:imports'] },
  { name: 'dead code: unused files, exports, dependencies (knip)', args: ['node_modules/knip/bin/knip.js', '--no-progress'] },
]);
if (results.some((result) => !result.ok)) summarise();

// Jest's default is one worker fewer than the cores. Unit and API test files spend part of
// their time waiting for their database, a child process or a clock, so one worker more than
// the cores keeps them busy; the component tests' workers each drive their own backend and
// keep a core busy each.
const cores = os.availableParallelism();
const unitApiWorkers = ['--maxWorkers', String(cores + 1)];
const componentWorkers = ['--maxWorkers', String(cores)];
// Line coverage of the server and the shared library, from the stage that runs them in-process
// (the component tests reach the backend in another process). Istanbul's counters, not V8's:
// turning V8's results into lines after every file cost this stage as much as its tests.
const coverage = [
  '--coverage',
  '--coverageProvider=babel',
  '--collectCoverageFrom=server/**/*.ts',
  '--collectCoverageFrom=lib/**/*.ts',
  '--coverageReporters=text-summary',
];
// The unit tests on the embedded database (PGlite), the API tests on a throw-away PostgreSQL
// cluster when a server can be started here, else on PGlite too: one run, so its coverage
// counts both. The component tests' backends and the e2e sites run on PGlite, so the embedded
// database serves every journey and screen.
const postgres = await startPostgres();
try {
  const api = postgres ? `PostgreSQL ${postgres.version}` : 'PGlite (PostgreSQL is not installed here)';
  const { args, report } = jestReport('unit-api');
  run(
    `jest: unit on PGlite, API on ${api}`,
    process.execPath,
    [...jest, ...unitApiWorkers, ...coverage, ...args, '--selectProjects', 'unit+api'],
    { ...vmModules, ...(postgres ? { TEST_DATABASE_URL: postgres.url } : {}) },
    report,
  );
} finally {
  await postgres?.stop();
}
const components = jestReport('components');
run(
  'jest: components, a backend per worker',
  process.execPath,
  [...jest, ...componentWorkers, ...components.args, '--selectProjects', 'components'],
  vmModules,
  components.report,
);

run('faults: kill -9 during fulfilment (3 rounds; `node scripts/faults/kill-during-fulfilment.mjs` runs 20)', process.execPath, [
  'scripts/faults/kill-during-fulfilment.mjs',
  '--rounds',
  '3',
]);

// The e2e sites' databases (a few hundred MB) go once Playwright has stopped the sites.
const e2eData = fs.mkdtempSync(path.join(os.tmpdir(), 'website-e2e-'));
const e2eEnv = { NEXT_DIST_DIR: '.next-e2e', NEXT_PUBLIC_PRODUCTION: 'false', NEXT_TELEMETRY_DISABLED: '1', E2E_DATA_DIR: e2eData };
try {
  // The checks stage type-checked these files already.
  if (
    run('build for e2e (production flag off)', process.execPath, ['node_modules/next/dist/bin/next', 'build'], {
      ...e2eEnv,
      BUILD_SKIP_TYPECHECK: '1',
    })
  ) {
    const e2eReport = { file: path.join(reports, 'e2e.json'), read: playwrightFailures };
    run(
      'playwright: e2e in Chromium',
      process.execPath,
      ['node_modules/@playwright/test/cli.js', 'test', '--reporter=list,json'],
      { ...e2eEnv, PLAYWRIGHT_JSON_OUTPUT_FILE: e2eReport.file },
      e2eReport,
    );
    run('topology: nginx with TLS, two backends, Next.js, PostgreSQL (deploy/)', process.execPath, ['tests/topology/run.mjs'], e2eEnv);
  }
} finally {
  fs.rmSync(e2eData, { recursive: true, force: true });
}

summarise();
