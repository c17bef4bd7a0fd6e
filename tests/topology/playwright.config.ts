import { defineConfig, devices } from '@playwright/test';
import { chromiumExecutable } from '../support/chromium';

// Run by tests/topology/run.mjs, which starts the servers and passes their addresses.
export default defineConfig({
  testDir: '.',
  workers: 1,
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: process.env.TOPOLOGY_SITE_URL,
    // The certificate is self-signed for this run.
    ignoreHTTPSErrors: true,
    locale: 'en-US',
    // As in the e2e stage: no trace recorded for every test; --trace on when one is needed.
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
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
