import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SESSION_COOKIE, XSRF_COOKIE } from '@/lib/contract/http';
import { assembleBackend, type Backend } from '@/server/backend';
import { loadBackendConfig } from '@/server/config';
import { openDatabase, type Database } from '@/server/db/database';
import { seedCatalog } from '@/server/db/seed';
import { strongPassword } from '../support/accounts';
import { texasBilling } from '../support/billing-contacts';
import { testCardPayment } from '../support/test-cards';
import { createPostgresDatabase, overHttp, TestClient } from './harness';

/*
 * A rolling deploy runs the previous release beside this one on this one's schema: its backend
 * must keep working after this release's migrations, and each must read what the other wrote
 * (expand/contract, docs/deploy.md). The previous release is deploy/previous-release; its
 * backend runs from its own files, on this checkout's node_modules when its pinned versions
 * are the ones installed here.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const previous = fs
  .readFileSync('deploy/previous-release', 'utf8')
  .split('\n')
  .find((line) => /^[0-9a-f]{40}$/.test(line))!;

/** The previous release's files, from git; its dependencies must be the ones installed here. */
function checkOut(folder: string) {
  try {
    execFileSync('git', ['cat-file', '-e', `${previous}^{commit}`]);
  } catch {
    throw new Error(`deploy/previous-release names ${previous}, which this clone's history lacks (a shallow clone?)`);
  }
  execFileSync('sh', ['-c', `git archive --format=tar ${previous} | tar -x -C "${folder}"`]);
  const pinned = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
  const differing = Object.entries({ ...pinned.dependencies, ...pinned.devDependencies }).filter(([name, version]) => {
    const installed = path.join('node_modules', name, 'package.json');
    return !fs.existsSync(installed) || (JSON.parse(fs.readFileSync(installed, 'utf8')) as { version: string }).version !== version;
  });
  if (differing.length)
    throw new Error(
      `the previous release pins other versions than this checkout installs: ${differing.map(([name, version]) => `${name}@${version}`).join(', ')}`,
    );
  fs.symlinkSync(path.resolve('node_modules'), path.join(folder, 'node_modules'));
}

async function answers(url: string, within: number, exited: () => boolean): Promise<void> {
  const until = Date.now() + within;
  while (Date.now() < until && !exited()) {
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the previous release's backend did not answer ${url}`);
}

(adminUrl ? describe : describe.skip)('the previous release on this release’s schema (PostgreSQL)', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'previous-release-'));
  let drop = async () => {};
  let database: Database;
  let current: Backend;
  let old: ChildProcess | undefined;
  let oldLog = '';
  let oldUrl: string;

  beforeAll(async () => {
    checkOut(folder);
    const created = await createPostgresDatabase(adminUrl!);
    drop = created.drop;
    // This release first, as the deploy's migrate step: the schema is this release's.
    database = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 4 });
    await seedCatalog(database.db);
    current = assembleBackend(database, loadBackendConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', JOBS: 'off', DATA_DIR: folder }));

    const port = execFileSync(process.execPath, ['scripts/free-port.mjs']).toString();
    oldUrl = `http://127.0.0.1:${port}`;
    const tsx = pathToFileURL(path.resolve('node_modules/tsx/dist/loader.mjs')).href;
    const inherited = { ...process.env };
    Reflect.deleteProperty(inherited, 'NODE_ENV');
    old = spawn(process.execPath, ['--import', tsx, 'server/main.ts'], {
      cwd: folder,
      env: {
        ...inherited,
        NODE_OPTIONS: '',
        NODE_ENV: 'development',
        PORT: port,
        SITE_URL: oldUrl,
        DATABASE_URL: created.url,
        SECRETS_KEY: 'ab'.repeat(32),
        DATA_DIR: path.join(folder, 'data'),
        TEST_HOOKS: 'on',
        PAYMENTS_MANUAL_ENABLED: 'true',
        JOBS: 'off',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    old.stdout!.on('data', (chunk: Buffer) => (oldLog += chunk.toString()));
    old.stderr!.on('data', (chunk: Buffer) => (oldLog += chunk.toString()));
    let exited = false;
    old.once('exit', () => (exited = true));
    try {
      await answers(`${oldUrl}/api/health`, 90_000, () => exited);
    } catch (error) {
      throw new Error(`${(error as Error).message}:\n${oldLog}`);
    }
  });

  afterAll(async () => {
    if (old && old.exitCode === null) {
      const stopped = new Promise((resolve) => old!.once('exit', resolve));
      old.kill('SIGTERM');
      await stopped;
    }
    current?.deps.catalog.stop();
    await database?.close();
    await drop();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  /** Every call a customer makes in a purchase and after it, on one release: none may fail. */
  async function purchase(client: TestClient, offer: string) {
    const answered: [string, number][] = [];
    const call = async (method: string, callPath: string, body?: unknown) => {
      const response = await client.call(method, callPath, body === undefined ? {} : { body });
      answered.push([`${method} ${callPath}`, response.status]);
      return response;
    };
    await call('PUT', 'store/cart', { Items: [{ ServiceOfferKey: offer, Quantity: 1 }], BillingInfo: texasBilling, IsAddition: false });
    const session = await call('POST', 'payment/create-manual-session');
    const paid = await call('POST', 'payment/manual/pay', testCardPayment(session.body?.Value));
    const returned = await call('POST', 'payment/manual-return', { Value: paid.body?.SessionId });
    await call('GET', 'license/subscriptions');
    await call('GET', 'billing/invoices');
    await call('GET', `billing/invoice/${returned.body?.InvoiceKey}`);
    await call('GET', 'store/cart');
    return answered;
  }

  it('serves a customer from sign-up to invoice, and the current release reads what it wrote, and back', async () => {
    const onOld = await new TestClient(overHttp(oldUrl)).prime();
    const account = await onOld.call('POST', 'test/account', { body: { UserName: 'upgrade@example.com', Password: strongPassword } });
    expect(account.status).toBe(200);
    const boughtOnOld = await purchase(onOld, 'pdf-workshop-pro-monthly');
    expect(boughtOnOld.filter(([, status]) => status !== 200)).toEqual([]);

    // The same session on the current release, as the next request of a rolling deploy would be.
    const onCurrent = new TestClient(current).holdSession({ token: onOld.cookie(SESSION_COOKIE)!, xsrfToken: onOld.cookie(XSRF_COOKIE)! });
    expect((await onCurrent.call('GET', 'billing/invoices')).body).toHaveLength(1);
    const boughtOnCurrent = await purchase(onCurrent, 'personal-health-plus-monthly');
    expect(boughtOnCurrent.filter(([, status]) => status !== 200)).toEqual([]);

    // And back: the previous release reads the current one's writes.
    const invoices = await onOld.call('GET', 'billing/invoices');
    expect([invoices.status, invoices.body.length]).toEqual([200, 2]);
    expect((await onOld.call('GET', 'license/subscriptions')).body).toHaveLength(2);
    for (const direct of ['/api/health', '/api/ready']) expect([direct, (await fetch(`${oldUrl}${direct}`)).status]).toEqual([direct, 200]);
    expect(oldLog).not.toMatch(/"level":"error"/);
  });
});
