import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { startSettings } from '@/server/start-settings';
import { configProblems } from '../support/config-problems';

const problemsOf = (env: Record<string, string>) => configProblems(() => startSettings(env));
/** A public site's own key, so each test sees only the problem it is about. */
const secretsKey = { SECRETS_KEY: 'ab'.repeat(32) };

describe("`npm start`'s settings", () => {
  it('gives a newcomer who set nothing the local origin and the offline test-card provider', () => {
    expect(startSettings({ PORT: '3100' }).added).toEqual({ SITE_URL: 'http://localhost:3100', PAYMENTS_MANUAL_ENABLED: 'true' });
    expect(startSettings({ SITE_URL: 'http://127.0.0.1:8080' }).added).toEqual({ PAYMENTS_MANUAL_ENABLED: 'true' });
  });

  it('refuses a public SITE_URL without a payment choice, naming Stripe and the offline provider', () => {
    const [problem, ...others] = problemsOf({ SITE_URL: 'https://shop.example.com', ...secretsKey });
    expect(others).toEqual([]);
    expect(problem).toMatch(/^STRIPE_SECRET_KEY: a site on the public SITE_URL https:\/\/shop\.example\.com takes payments with Stripe/);
    expect(problem).toContain('PAYMENTS_MANUAL_ENABLED=true');
  });

  it('keeps what was chosen on a public SITE_URL: the offline provider on purpose, no checkout, or Stripe', () => {
    expect(startSettings({ SITE_URL: 'https://shop.example.com', PAYMENTS_MANUAL_ENABLED: 'true', ...secretsKey }).added).toEqual({});
    expect(startSettings({ SITE_URL: 'https://shop.example.com', PAYMENTS_MANUAL_ENABLED: 'false', ...secretsKey }).added).toEqual({});
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    expect(startSettings({ SITE_URL: 'https://shop.example.com', ...stripe, ...secretsKey }).added).toEqual({});
  });

  it('checks every other setting as production does, naming the variable alone', () => {
    expect(problemsOf({ PORT: 'abc' })).toEqual(['PORT: "abc" is not accepted: give a whole number from 1 to 65535']);
  });
});

describe('`npm start` before it builds', () => {
  // A build folder of its own that does not exist yet: any build would have to make it.
  const distDir = `.next-start-test-${process.pid}`;
  const start = (env: Record<string, string>) =>
    promisify(execFile)(process.execPath, ['scripts/start.mjs'], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', NEXT_DIST_DIR: distDir, ...env },
    }).then(
      () => null,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
  afterEach(() => fs.rmSync(`${distDir}.pids`, { force: true }));

  it.each([
    [{ PORT: 'abc' }, 'site failed to start: The configuration cannot be used:\n  PORT: "abc" is not accepted'],
    [{ SITE_URL: 'https://shop.example.com' }, '  STRIPE_SECRET_KEY: a site on the public SITE_URL'],
  ])(
    'stops on %j with the message, building nothing',
    async (env, message) => {
      const failure = await start(env);
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toContain(message);
      expect(failure?.stdout).not.toContain('Building');
      expect(fs.existsSync(distDir)).toBe(false);
    },
    30_000,
  );

  it('does not build under a server that npm start runs from the same folder', async () => {
    // This test's own process stands for the running server.
    fs.writeFileSync(`${distDir}.pids`, `${process.pid}\n`);
    const failure = await start({ PORT: '3999' });
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain(
      `npm start runs a server from it (pid ${process.pid}); stop it first, or give this one its own NEXT_DIST_DIR`,
    );
    expect(fs.existsSync(distDir)).toBe(false);
  });
});
