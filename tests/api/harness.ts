import { Client } from 'pg';
import { createApp } from '@/server/app';
import { loadBackendConfig } from '@/server/config';
import { openDatabase, type Database } from '@/server/db/database';
import { seedCatalog } from '@/server/db/seed';
import { createLogger } from '@/server/logger';
import { APP_KEY, APP_KEY_HEADER, XSRF_COOKIE, XSRF_HEADER } from '@/lib/contract/http';

/**
 * A backend on a fresh database per test file: PGlite in memory by default, or a new
 * PostgreSQL database when TEST_DATABASE_URL names a server (scripts/test.mjs starts one).
 */
export async function startTestBackend(env: Readonly<Record<string, string | undefined>> = {}) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let database: Database;
  let dropDatabase = async () => {};
  if (adminUrl) {
    const name = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
    dropDatabase = async () => {
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  } else {
    database = await openDatabase({ kind: 'pglite' });
  }
  await seedCatalog(database.db);
  const config = loadBackendConfig({ LOG_LEVEL: 'silent', ...env, NODE_ENV: 'test' });
  const app = createApp({ db: database.db, dbKind: database.kind, config, logger: createLogger(config.logLevel) });
  return {
    app,
    database,
    async close() {
      await database.close();
      await dropDatabase();
    },
  };
}

export type TestBackend = Awaited<ReturnType<typeof startTestBackend>>;

/** A browser-like caller: keeps cookies, sends the app key and echoes the XSRF cookie. */
export class TestClient {
  private cookies = new Map<string, string>();

  constructor(private readonly backend: TestBackend) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async call(method: string, path: string, options: { body?: unknown; headers?: Record<string, string>; raw?: string } = {}) {
    const headers: Record<string, string> = { [APP_KEY_HEADER]: APP_KEY, ...options.headers };
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get(XSRF_COOKIE);
    if (method !== 'GET' && xsrf && !(XSRF_HEADER in headers)) headers[XSRF_HEADER] = xsrf;
    let body: string | undefined = options.raw;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['Content-Type'] = 'application/json';
    }
    const response = await this.backend.app.request(`/api/${path}`, { method, headers, body });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      const expired = attributes.some((a) => /max-age=0/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined, text };
  }

  /** First GET, as the site's startup does, so the XSRF cookie exists. */
  async prime() {
    await this.call('GET', 'auth/session-info');
    return this;
  }
}
