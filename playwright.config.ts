import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { chromiumExecutable } from './tests/support/chromium';

// Ports and the data folder are chosen once; workers re-read this file and inherit them.
function once(name: string, make: () => string): string {
  return (process.env[name] ??= make());
}
const freePort = () => execFileSync(process.execPath, ['scripts/free-port.mjs']).toString();
const port = once('E2E_PORT', freePort);
const smtpPort = once('E2E_SMTP_PORT', freePort);
const mailApiPort = once('E2E_MAIL_API_PORT', freePort);
const stripeSitePort = once('E2E_STRIPE_SITE_PORT', freePort);
const fakeStripePort = once('E2E_FAKE_STRIPE_PORT', freePort);
const fakeStripeControlPort = once('E2E_FAKE_STRIPE_CONTROL_PORT', freePort);
const metricsPort = once('E2E_METRICS_PORT', freePort);
const dataDir = once('E2E_DATA_DIR', () => path.join(os.tmpdir(), `website-e2e-${process.pid}-${Date.now()}`));
const distDir = once('NEXT_DIST_DIR', () => '.next-e2e');

// The site server as `npm start` and deploy/ run it; PORT is set in each server's env.
const siteServer = 'node --import tsx server/site-server.ts';
const common = { NEXT_DIST_DIR: distDir, LOG_LEVEL: 'warn', NEXT_TELEMETRY_DISABLED: '1', THROTTLE_SCALE: '50' };

// Playwright starts webServer entries one after another, each once the previous one answers at
// its url; entries without a url are only started, so these start together and the global setup
// waits for every address at once.
type Server = Extract<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>[number] & { readyAt: string };
const servers: Server[] = [
  {
    // Mail goes to a real SMTP server on loopback; tests read it back over HTTP (tests/e2e/mail.ts).
    command: 'node tests/e2e/mail-sink-server.mjs',
    readyAt: `http://127.0.0.1:${mailApiPort}/health`,
    env: { SMTP_PORT: smtpPort, MAIL_API_PORT: mailApiPort },
  },
  {
    // The site as `npm start` runs it: the site server, /api through the Route Handler to the
    // backend in-process on the embedded database.
    command: siteServer,
    readyAt: `http://localhost:${port}/api/health`,
    // TEST_HOOKS: test accounts and the renewal run of server/routes/test-hooks.routes.ts.
    env: {
      ...common,
      PORT: port,
      SITE_URL: `http://localhost:${port}`,
      DATA_DIR: path.join(dataDir, 'embedded'),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PAYMENTS_MANUAL_ENABLED: 'true',
      TEST_HOOKS: 'on',
      METRICS_PORT: metricsPort,
    },
    // Stopped as a supervisor would, so the embedded database is closed.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
  {
    // A fake Stripe API on loopback, and a site configured for Stripe against it
    // (the browser side gets a stubbed Stripe.js: tests/e2e/stripe-stub.ts).
    command: 'node --import tsx tests/support/fake-stripe-server.ts',
    readyAt: `http://127.0.0.1:${fakeStripeControlPort}/health`,
    env: { FAKE_STRIPE_PORT: fakeStripePort, FAKE_STRIPE_CONTROL_PORT: fakeStripeControlPort },
  },
  {
    command: siteServer,
    readyAt: `http://localhost:${stripeSitePort}/api/health`,
    env: {
      ...common,
      PORT: stripeSitePort,
      SITE_URL: `http://localhost:${stripeSitePort}`,
      DATA_DIR: path.join(dataDir, 'stripe'),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
      STRIPE_API_BASE: `http://127.0.0.1:${fakeStripePort}`,
      TEST_HOOKS: 'on',
    },
  },
];
process.env.E2E_READY_URLS = servers.map((server) => server.readyAt).join(' ');

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // A test waits for the servers as much as it drives its browser: one worker more than the
  // cores keeps them busy.
  workers: os.availableParallelism() + 1,
  // A test that needs a second try is a bug in the test or the product: found, not retried.
  retries: 0,
  reporter: [['list']],
  // The heavier tests make two accounts, buy and walk several pages while the other workers and
  // four servers share the cores: over 30 s (the default) in a loaded run.
  timeout: 60_000,
  // The workers share the cores with the servers: a page can take over 5 s (the default) to
  // hydrate and load its data there, as the pricing page did in one CI run.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'en-US',
    // Recording a trace of every test cost about a third of this stage's time, and a run's traces
    // are gone with its clean clone: rerun a failing test with --trace on to get one.
    trace: 'off',
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  // Started together; tests/e2e/servers-ready.ts waits until each answers.
  globalSetup: './tests/e2e/servers-ready.ts',
  webServer: servers.map(({ command, env, gracefulShutdown }) => ({ command, env, gracefulShutdown, reuseExistingServer: false })),
});
