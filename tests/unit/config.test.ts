import { execFile } from 'node:child_process';
import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { loadBackendConfig } from '@/server/config';
import { assembleBackend } from '@/server/backend';
import { openDatabase } from '@/server/db/database';
import { configProblems } from '../support/config-problems';
import { migratedDatabase } from '../support/pglite-templates';

const problemsOf = (env: Record<string, string>) => configProblems(() => loadBackendConfig(env));
/** A public production site with its secrets key, so each test sees only the problem it is about. */
const publicSite = { NODE_ENV: 'production', SITE_URL: 'https://www.example.com', SECRETS_KEY: 'ab'.repeat(32) };

describe('the configuration', () => {
  it.each([
    [{ PORT: 'abc' }, 'PORT: "abc" is not accepted: give a whole number from 1 to 65535'],
    [{ PORT: '70000' }, 'PORT: "70000" is not accepted: give a whole number from 1 to 65535'],
    [{ METRICS_PORT: '0' }, 'METRICS_PORT: "0" is not accepted: give a whole number from 1 to 65535'],
    [{ MAIL_FROM: 'support' }, 'MAIL_FROM: "support" is not accepted: give an email address, such as support@example.com'],
    [{ SUPPORT_INBOX: 'a@b@c' }, 'SUPPORT_INBOX: "a@b@c" is not accepted: give an email address, such as support@example.com'],
    [
      { MAIL_MESSAGE_ID_DOMAIN: 'localhost' },
      'MAIL_MESSAGE_ID_DOMAIN: "localhost" is not accepted: give a domain name, such as example.com',
    ],
    [{ SMTP_URL: 'notaurl' }, 'SMTP_URL: "notaurl" is not accepted: give a URL such as smtp://user:password@mail.example.com:587'],
    [{ COOKIE_SECURE: 'yes' }, 'COOKIE_SECURE: "yes" is not accepted: give "true" or "false"'],
    [{ JOBS: 'false' }, 'JOBS: "false" is not accepted: give "on" or "off"'],
    [{ THROTTLE_SCALE: '-1' }, 'THROTTLE_SCALE: "-1" is not accepted: give a whole number from 1 to 100000'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL: "verbose" is not accepted: give "debug" or "info" or "warn" or "error" or "silent"'],
    [
      { DATABASE_URL: 'mysql://db/x', SECRETS_KEY: 'ab'.repeat(32) },
      'DATABASE_URL: "mysql://db/x" is not accepted: give a URL such as postgres://user:password@127.0.0.1:5432/website',
    ],
    [
      { SITE_URL: 'shop.example.com' },
      'SITE_URL: "shop.example.com" is not accepted: give the scheme and host only, such as https://www.example.com',
    ],
    [
      { SITE_URL: 'https://shop.example.com/store' },
      'SITE_URL: "https://shop.example.com/store" is not accepted: give the scheme and host only, such as https://www.example.com',
    ],
    [{ STRIPE_SECRET_KEY: 'sk_test_1' }, 'STRIPE_PUBLISHABLE_KEY: is required with the other Stripe key: give both or neither'],
    [{ SESSION_IDLE_MINUTES: '0' }, 'SESSION_IDLE_MINUTES: "0" is not accepted: give a whole number from 5 to 43200'],
    [{ TRUSTED_PROXIES: 'yes' }, expect.stringMatching(/^TRUSTED_PROXIES: "yes" is not an IP address or network/)],
  ])('refuses %j, naming the variable and what it accepts', (env, problem) => {
    expect(problemsOf(env)).toEqual([problem]);
  });

  it('requires the sender and the support inbox on a public site with a mail server, which the brand’s placeholder cannot be', () => {
    expect(problemsOf({ ...publicSite, SMTP_URL: 'smtp://mail.example.com:587' })).toEqual([
      'MAIL_FROM: is required with SMTP_URL on a public site: the address mail is sent from, of your own domain',
      'SUPPORT_INBOX: is required with SMTP_URL on a public site: the mailbox the contact form’s messages go to',
    ]);
    expect(
      problemsOf({ ...publicSite, SMTP_URL: 'smtp://mail.example.com:587', MAIL_FROM: 'a@example.org', SUPPORT_INBOX: 'b@example.org' }),
    ).toEqual([]);
    // Without a mail server, mail is written to files: nothing is sent from a placeholder.
    expect(problemsOf(publicSite)).toEqual([]);
  });

  it('requires the public origin in production, and Stripe’s webhook secret with Stripe', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'SITE_URL: is required in production: give the public origin of the site, such as https://www.example.com',
    ]);
    expect(
      problemsOf({
        ...publicSite,
        STRIPE_SECRET_KEY: 'sk_live_1',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_1',
      }),
    ).toEqual([
      "STRIPE_WEBHOOK_SECRET: is required in production with Stripe: without it Stripe's events (renewals among them) would never be recorded",
    ]);
  });

  it('requires the secrets key with PostgreSQL or a public site, and never repeats a bad one', () => {
    const required = (where: string) =>
      `SECRETS_KEY: is required ${where}: it encrypts the staff's authenticator secrets in the database (make one with openssl rand -hex 32)`;
    expect(problemsOf({ DATABASE_URL: 'postgres://u@127.0.0.1/db' })).toEqual([required('with DATABASE_URL, the same on every backend')]);
    expect(problemsOf({ NODE_ENV: 'production', SITE_URL: 'https://www.example.com' })).toEqual([
      required('on a site with a public SITE_URL'),
    ]);
    // `npm start` on this machine keeps needing no settings: a key file beside the embedded database.
    expect(problemsOf({ NODE_ENV: 'production', SITE_URL: 'http://localhost:3000' })).toEqual([]);
    expect(problemsOf({ SECRETS_KEY: 'not-a-key-at-all' })).toEqual([
      'SECRETS_KEY: is not accepted: give 32 random bytes as 64 hex digits (openssl rand -hex 32)',
    ]);
  });

  it('refuses TEST_HOOKS on a public SITE_URL, and keeps it on loopback', () => {
    expect(problemsOf({ ...publicSite, TEST_HOOKS: 'on' })).toEqual([
      'TEST_HOOKS: must be off on a site with a public SITE_URL: its calls create accounts and staff without a password check',
    ]);
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'])
      expect(problemsOf({ NODE_ENV: 'production', SITE_URL: origin, TEST_HOOKS: 'on' })).toEqual([]);
  });

  it('hashes passwords with the production parameters unless under test', async () => {
    const production = loadBackendConfig(publicSite);
    expect(production.passwordHashing).toBe('production');
    expect(loadBackendConfig({ NODE_ENV: 'development' }).passwordHashing).toBe('production');
    expect(loadBackendConfig({ NODE_ENV: 'test' }).passwordHashing).toBe('test');
    expect(loadBackendConfig({ NODE_ENV: 'production', SITE_URL: 'http://localhost:3000', TEST_HOOKS: 'on' }).passwordHashing).toBe('test');
    // What a production backend actually stores: argon2id at OWASP's minimum profile.
    const database = await openDatabase({ kind: 'pglite', loadDataDir: migratedDatabase() });
    const backend = assembleBackend(database, { ...production, jobs: false });
    try {
      expect(await backend.deps.passwords.hash('Bluebonnet2025')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    } finally {
      await backend.close();
    }
  });

  it('says at start when the backend has no payment provider, and not when it has one', async () => {
    const warnings: string[] = [];
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation((line) => warnings.push(String(line)) > 0);
    const database = await openDatabase({ kind: 'pglite', loadDataDir: migratedDatabase() });
    try {
      const site = {
        ...publicSite,
        SMTP_URL: 'smtp://127.0.0.1:2525',
        MAIL_FROM: 'a@example.org',
        SUPPORT_INBOX: 'b@example.org',
        JOBS: 'off',
      };
      for (const [manual, provider] of [
        ['false', null],
        ['true', expect.anything()],
      ] as const) {
        const backend = assembleBackend(database, loadBackendConfig({ ...site, PAYMENTS_MANUAL_ENABLED: manual }));
        backend.deps.catalog.stop();
        expect(backend.deps.payments).toEqual(provider);
      }
    } finally {
      stderr.mockRestore();
      await database.close();
    }
    const noProvider = warnings.filter((line) => line.includes('No payment provider'));
    expect(noProvider).toHaveLength(1);
    expect(JSON.parse(noProvider[0])).toMatchObject({ level: 'warn', message: expect.stringContaining('PAYMENTS_MANUAL_ENABLED=true') });
  });

  it('lists every problem at once, and takes an empty value as none', () => {
    expect(problemsOf({ PORT: 'abc', JOBS: 'false' })).toHaveLength(2);
    expect(problemsOf({ PORT: '', SMTP_URL: '' })).toEqual([]);
  });

  it('reads accepted values', () => {
    const config = loadBackendConfig({
      NODE_ENV: 'production',
      SITE_URL: 'https://www.example.com/',
      PORT: '4001',
      METRICS_PORT: '9464',
      JOBS: 'off',
      THROTTLE_SCALE: '50',
      DATABASE_URL: 'postgres://u@127.0.0.1/db',
      SECRETS_KEY: 'ab'.repeat(32),
      SESSION_IDLE_MINUTES: '30',
      SMTP_URL: 'smtp://mail.example.com:587',
      MAIL_FROM: 'hello@mail.example.org',
      SUPPORT_INBOX: 'inbox@example.org',
    });
    expect(config).toMatchObject({
      production: true,
      secureCookies: true,
      siteUrl: 'https://www.example.com',
      listen: { port: 4001 },
      metricsPort: 9464,
      jobs: false,
      throttleScale: 50,
      database: { kind: 'postgres' },
      sessionIdleMs: 30 * 60_000,
      secretsKey: 'ab'.repeat(32),
      // The Message-ID domain is the sender's unless set.
      mail: { from: 'hello@mail.example.org', supportInbox: 'inbox@example.org', messageIdDomain: 'mail.example.org' },
    });
    expect(loadBackendConfig({ DATA_DIR: '/tmp/site-data' }).database).toEqual({ kind: 'pglite', dataDir: '/tmp/site-data/pglite' });
  });
});

describe('`npm run server` with a bad setting', () => {
  it('stops before opening anything, with the message, and reads .env files as Next.js does', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'config-'));
    fs.writeFileSync(path.join(folder, '.env'), 'LOG_LEVEL=verbose\n');
    // Started in a folder of its own, whose .env it must read; tsx from this repository.
    const tsx = pathToFileURL(path.resolve('node_modules/tsx/dist/loader.mjs')).href;
    const main = path.resolve('server/main.ts');
    const failure = await promisify(execFile)(process.execPath, ['--import', tsx, main], {
      cwd: folder,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: 'abc', SITE_URL: 'https://www.example.com' },
    }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('backend failed to start: The configuration cannot be used:\n  PORT: "abc" is not accepted');
    expect(failure?.stderr).toContain('LOG_LEVEL: "verbose" is not accepted');
    // Nothing was opened: no data folder in the working folder.
    expect(fs.readdirSync(folder)).toEqual(['.env']);
  });

  it('stops on a port in use before opening the database, naming the port', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as net.AddressInfo).port;
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'port-'));
    const tsx = pathToFileURL(path.resolve('node_modules/tsx/dist/loader.mjs')).href;
    try {
      const failure = await promisify(execFile)(process.execPath, ['--import', tsx, path.resolve('server/main.ts')], {
        cwd: folder,
        env: { PATH: process.env.PATH, NODE_ENV: 'development', PORT: String(port), DATA_DIR: path.join(folder, 'data') },
      }).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toContain(`backend failed to start: PORT: ${port} on 127.0.0.1 is in use by another process`);
      expect(fs.readdirSync(folder)).toEqual([]);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});
