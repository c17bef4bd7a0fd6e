import { sql } from 'drizzle-orm';
import packageJson from '../../package.json';
import { apiHeaders } from '@/lib/security-headers';
import { assembleBackend } from '@/server/backend';
import { DatabaseClock } from '@/server/clock';
import { clockSkewLimitMs } from '@/server/services/platform/readiness';
import { metricValue, newCustomer, startTestBackend, TestClient, type TestBackend } from './harness';
import { APP_KEY, APP_KEY_HEADER, SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '@/lib/contract/http';
import { CountrySchema, UsStateSchema } from '@/lib/contract/app';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

describe('reference data', () => {
  it('lists ISO 3166 countries with the VAT flag, named in the caller’s language', async () => {
    const client = new TestClient(backend);
    const en = await client.call('GET', 'app/countries');
    expect(en.status).toBe(200);
    expect(en.body.length).toBeGreaterThanOrEqual(249);
    for (const country of en.body) CountrySchema.parse(country);
    expect(en.body).toContainEqual({ Code: 'US', Name: 'United States of America', VatId: false });
    expect(en.body.find((c: { Code: string }) => c.Code === 'DE')).toEqual({ Code: 'DE', Name: 'Germany', VatId: true });
    const de = await client.call('GET', 'app/countries', { headers: { 'Accept-Language': 'de-DE,de;q=0.9' } });
    expect(de.body.find((c: { Code: string }) => c.Code === 'DE').Name).toBe('Deutschland');
    const names = de.body.map((c: { Name: string }) => c.Name);
    expect(names).toEqual([...names].sort(new Intl.Collator('de').compare));
  });

  it('lists US states with USPS codes, named in the caller’s language and sorted, military mail regions last', async () => {
    const client = new TestClient(backend);
    const response = await client.call('GET', 'app/us-states');
    expect(response.status).toBe(200);
    expect(response.headers.get('vary')).toContain('Accept-Language');
    for (const state of response.body) UsStateSchema.parse(state);
    expect(response.body).toContainEqual({ Code: 'TX', Name: 'Texas' });
    expect(response.body.filter((s: { Code: string }) => ['DC', 'CA', 'NY'].includes(s.Code))).toHaveLength(3);
    const codes = (list: { Code: string }[]) => list.map((state) => state.Code);
    expect(codes(response.body).slice(-3)).toEqual(['AA', 'AE', 'AP']);
    for (const [language, tag] of [
      ['en', 'en'],
      ['de', 'de-DE,de;q=0.9'],
      ['ru', 'ru'],
    ]) {
      const listed = (await client.call('GET', 'app/us-states', { headers: { 'Accept-Language': tag } })).body as {
        Code: string;
        Name: string;
      }[];
      expect(codes(listed).sort()).toEqual(codes(response.body).sort());
      const places = listed.slice(0, -3).map((state) => state.Name);
      expect(places).toEqual([...places].sort(new Intl.Collator(language).compare));
    }
    const russian = (await client.call('GET', 'app/us-states', { headers: { 'Accept-Language': 'ru' } })).body;
    expect(russian).toContainEqual({ Code: 'TX', Name: 'Техас' });
    const german = (await client.call('GET', 'app/us-states', { headers: { 'Accept-Language': 'de' } })).body;
    expect(german).toContainEqual({ Code: 'CA', Name: 'Kalifornien' });
  });
});

describe('app info, session info and health', () => {
  it('gives zero counts and an anonymous session to a visitor', async () => {
    const client = new TestClient(backend);
    expect((await client.call('GET', 'app/app-info')).body).toEqual({ CartItemCount: 0, NotificationCount: 0 });
    const session = await client.call('GET', 'auth/session-info');
    expect(session.body).toEqual({ UserName: null, DisplayName: null, Claims: [] });
    expect(session.headers.get('cache-control')).toBe('no-store');
  });

  it('reports health with the database kind, without the app key', async () => {
    const response = await backend.app.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      Status: 'ok',
      Database: backend.database.kind,
      Version: packageJson.version,
      Commit: expect.stringMatching(/^[0-9a-f]{40}$/),
      Mail: { Waiting: expect.any(Number), Failed: 0, OldestWaitingSeconds: expect.any(Number) },
    });
  });

  it('is ready while it takes requests, and says draining once its stop began', async () => {
    const ready = await backend.app.request('/api/ready');
    expect([ready.status, await ready.json(), ready.headers.get('cache-control')]).toEqual([200, { Status: 'ready' }, 'no-store']);
    backend.deps.lifecycle.draining = true;
    try {
      const draining = await backend.app.request('/api/ready');
      expect([draining.status, await draining.json()]).toEqual([503, { Status: 'draining' }]);
    } finally {
      backend.deps.lifecycle.draining = false;
    }
  });

  it('is not ready while its database answers reads but takes no writes (a full disk), and healthy all the same', async () => {
    // The probe's write fails as on a full disk (53100), on either database.
    await backend.database.db.execute(sql`
      create function refuse_write() returns trigger language plpgsql as $$
      begin raise exception 'could not extend file: No space left on device' using errcode = '53100'; end $$`);
    await backend.database.db.execute(
      sql`create trigger refuse_write before insert or update on readiness_probes for each row execute function refuse_write()`,
    );
    try {
      const full = await backend.app.request('/api/ready');
      expect([full.status, full.headers.get('retry-after')]).toEqual([503, '5']);
      expect((await backend.app.request('/api/health')).status).toBe(200);
    } finally {
      await backend.database.db.execute(sql`drop trigger refuse_write on readiness_probes`);
      await backend.database.db.execute(sql`drop function refuse_write`);
    }
    expect((await backend.app.request('/api/ready')).status).toBe(200);
  });

  it('keeps time by the database’s clock, and is not ready while its host’s clock is off by more than the limit', async () => {
    const hourAhead = new DatabaseClock(() => Date.now() + 60 * 60_000);
    const skewed = assembleBackend(backend.database, backend.config, { clock: hourAhead });
    try {
      await hourAhead.sync(backend.database.db);
      // Renewals, sessions and retention get the database's time, not the host's hour ahead.
      expect(Math.abs(hourAhead.now().getTime() - Date.now())).toBeLessThan(clockSkewLimitMs);
      const ready = await skewed.app.request('/api/ready');
      expect([ready.status, await ready.json()]).toEqual([503, { Status: 'clock-skew' }]);
      expect(await metricValue(skewed, 'clock_offset_seconds')).toBeLessThan(-3500);

      const onTime = new DatabaseClock();
      const punctual = assembleBackend(backend.database, backend.config, { clock: onTime });
      try {
        expect((await punctual.app.request('/api/ready')).status).toBe(200);
        expect(Math.abs(onTime.offsetMs)).toBeLessThan(clockSkewLimitMs);
      } finally {
        punctual.deps.catalog.stop();
      }
    } finally {
      skewed.deps.catalog.stop();
    }
  });

  it('looks a session cookie up only on calls whose answer depends on it', async () => {
    const cookie = `${SESSION_COOKIE}=no-such-session`;
    const dropsCookie = async (path: string) => {
      const response = await backend.app.request(path, { headers: { [APP_KEY_HEADER]: APP_KEY, Cookie: cookie } });
      expect(response.status).toBe(200);
      return (response.headers.get('set-cookie') ?? '').includes(`${SESSION_COOKIE}=;`);
    };
    for (const path of [
      '/api/store/catalog',
      '/api/app/countries',
      '/api/app/us-states',
      '/api/payment/key-info',
      '/api/health',
      '/api/openapi.json',
    ]) {
      expect([path, await dropsCookie(path)]).toEqual([path, false]);
    }
    for (const path of ['/api/auth/session-info', '/api/app/app-info']) expect([path, await dropsCookie(path)]).toEqual([path, true]);
  });
});

describe('guards and the error envelope', () => {
  it('sets the API security headers on every answer, refusals included', async () => {
    const expected = apiHeaders({ production: backend.config.production, development: false });
    const answers = [
      await backend.app.request('/api/health'),
      await backend.app.request('/api/app/countries'),
      await backend.app.request('/api/no-such-call', { headers: { [APP_KEY_HEADER]: APP_KEY } }),
      await backend.app.request('/api/billing/invoices', { headers: { [APP_KEY_HEADER]: APP_KEY } }),
      // A write without the XSRF token.
      await backend.app.request('/api/health', { method: 'DELETE', headers: { [APP_KEY_HEADER]: APP_KEY } }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 400, 404, 401, 403]);
    for (const answer of answers) {
      for (const { key, value } of expected) expect([answer.status, key, answer.headers.get(key)]).toEqual([answer.status, key, value]);
    }
  });

  it('refuses a call without the application key with 400 and a clear message', async () => {
    const response = await backend.app.request('/api/app/countries');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ ErrorMessages: [{ Message: expect.stringContaining(APP_KEY_HEADER), Code: 'missingAppKey' }] });
  });

  it('refuses a non-GET call without the XSRF header with 403', async () => {
    const client = await new TestClient(backend).prime();
    expect(client.cookie(XSRF_COOKIE)).toMatch(/^[\w-]{20,}$/);
    const response = await client.call('POST', 'support/message', { body: {}, headers: { [XSRF_HEADER]: '' } });
    expect(response.status).toBe(403);
    expect(response.body.ErrorMessages[0].Message).toContain(XSRF_HEADER);
    const wrong = await client.call('POST', 'support/message', { body: {}, headers: { [XSRF_HEADER]: 'not-the-cookie' } });
    expect(wrong.status).toBe(403);
  });

  it('issues the XSRF cookie readable by script, SameSite=Lax, once, on any answer to a call without it', async () => {
    const client = new TestClient(backend);
    const xsrfLines = ({ headers }: { headers: Headers }) => headers.getSetCookie().filter((line) => line.startsWith(`${XSRF_COOKIE}=`));
    const response = await client.call('GET', 'auth/session-info');
    expect(xsrfLines(response)).toEqual([expect.stringMatching(/SameSite=Lax/)]);
    expect(xsrfLines(response)[0]).not.toMatch(/HttpOnly/);
    // An error answer carries it too, and a call with the cookie gets none.
    const notFound = await new TestClient(backend).call('GET', 'no/such/call');
    expect([notFound.status, xsrfLines(notFound).length]).toEqual([404, 1]);
    expect(xsrfLines(await client.call('GET', 'store/catalog'))).toEqual([]);
  });

  it('answers unknown calls with 404 in the envelope and tags every answer with a request id', async () => {
    const response = await new TestClient(backend).call('GET', 'no/such/call');
    expect(response.status).toBe(404);
    expect(response.body.ErrorMessages[0].Message).toMatch(/No such call/);
    expect(response.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    // Refused by guards before any route runs: the app key, then the request-forgery check.
    const noAppKey = await backend.app.request('/api/store/catalog');
    expect(noAppKey.status).toBe(400);
    expect(noAppKey.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    const noXsrf = await new TestClient(backend).call('POST', 'support/message', {
      raw: '{',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(noXsrf.status).toBe(403);
    expect(noXsrf.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
  });

  it('answers a known call with another method 405, naming the methods it takes', async () => {
    const client = await new TestClient(backend).prime();
    const response = await client.call('DELETE', 'store/catalog');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    expect(response.body.ErrorMessages[0].Message).toBe('/api/store/catalog does not take DELETE; it takes GET.');
    // A path with a parameter, in the caller's language; several methods are all named.
    const invoice = await client.call('POST', 'billing/invoice/some-id', { headers: { 'Accept-Language': 'de' } });
    expect(invoice.status).toBe(405);
    expect(invoice.body.ErrorMessages[0].Message).toBe('/api/billing/invoice/some-id nimmt kein POST an, sondern GET.');
    const cart = await client.call('DELETE', 'store/cart');
    expect(cart.headers.get('allow')?.split(', ').sort()).toEqual(['GET', 'PUT']);
    // The auth calls keep their envelope.
    const login = await client.call('GET', 'auth/login');
    expect(login.status).toBe(405);
    expect(login.body).toMatchObject({ SessionInfo: null, Errors: [{ Message: expect.stringContaining('POST') }] });
  });

  it('answers a known path with a trailing slash 404, whatever the method', async () => {
    const client = await new TestClient(backend).prime();
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await client.call(method, 'store/cart/');
      expect(response.status).toBe(404);
      expect(response.body.ErrorMessages[0].Message).toContain('/api/store/cart/');
    }
  });

  it('answers a path with a malformed %-escape with 400 in the envelope, as the site server does in front of Next.js', async () => {
    const client = await new TestClient(backend).prime();
    for (const path of ['billing/invoice/%ZZ', 'no/such/%E0%A4%A']) {
      const response = await client.call('GET', path, { headers: { 'Accept-Language': 'ru' } });
      expect({ path, status: response.status, body: response.body }).toEqual({
        path,
        status: 400,
        body: { ErrorMessages: [{ Message: 'Адрес содержит неверную %-последовательность.', Code: 'malformedAddress' }] },
      });
    }
  });

  it('gives every message a Code, and a field’s its Field, the same in every language while the words change', async () => {
    const visitor = await new TestClient(backend).prime();
    const customer = await newCustomer(backend, 'codes@example.com');
    const field = (Field: string, Code: string) => ({ Code, Field });
    const refusals = [
      { client: visitor, method: 'GET', path: 'no/such/call', codes: [{ Code: 'noSuchCall' }] },
      { client: visitor, method: 'DELETE', path: 'store/catalog', codes: [{ Code: 'methodNotAllowed' }] },
      { client: visitor, method: 'GET', path: 'billing/invoice/%ZZ', codes: [{ Code: 'malformedAddress' }] },
      { client: visitor, method: 'GET', path: 'store/cart', codes: [{ Code: 'loginRequired' }] },
      { client: visitor, method: 'POST', path: 'user/restore-email', raw: '{', codes: [{ Code: 'malformed' }] },
      { client: visitor, method: 'POST', path: 'user/restore-email', body: [], codes: [{ Code: 'expectedObject' }] },
      {
        client: visitor,
        method: 'POST',
        path: 'support/message',
        body: { Phone: 5, Message: 'x'.repeat(1001) },
        codes: [
          field('FullName', 'fullNameRequired'),
          field('EmailAddress', 'emailRequired'),
          field('Phone', 'expectedText'),
          field('Message', 'maxLength'),
        ],
      },
      {
        client: visitor,
        method: 'POST',
        path: 'auth/login',
        body: { UserName: 'not-an-address', Password: true, CookieConsent: null },
        codes: [field('UserName', 'emailFormat'), field('Password', 'expectedText')],
      },
      {
        client: customer,
        method: 'PUT',
        path: 'store/cart',
        body: { Items: [{ ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: 2.5 }], IsAddition: 'yes' },
        codes: [field('Items.0.Quantity', 'quantityRange'), field('IsAddition', 'expectedTrueOrFalse')],
      },
      {
        client: customer,
        method: 'PUT',
        path: 'store/cart',
        body: { Items: [{ ServiceOfferKey: 'no-such-offer', Quantity: 1 }], IsAddition: true },
        codes: [field('Items', 'unknownOffer')],
      },
    ];
    for (const { client, method, path, body, raw, codes } of refusals) {
      const worded: string[] = [];
      for (const language of ['en', 'de', 'ru']) {
        const headers = { 'Accept-Language': language, ...(raw ? { 'Content-Type': 'application/json' } : {}) };
        const answer = await client.call(method, path, { body, raw, headers });
        const messages: { Message: string; Code?: string; Field?: string }[] = answer.body.Errors ?? answer.body.ErrorMessages;
        expect({ path, language, status: answer.status >= 400, codes: messages.map(({ Code, Field }) => ({ Code, Field })) }).toEqual({
          path,
          language,
          status: true,
          codes,
        });
        // The field's message names it, as the form shows it; a Code is an identifier, never words.
        for (const { Message, Code, Field } of messages) {
          expect(Code).toMatch(/^[a-z][A-Za-z]*$/);
          if (Field) expect(Message.startsWith(`${Field}: `)).toBe(true);
        }
        worded.push(messages.map(({ Message }) => Message).join('\n'));
      }
      expect(new Set(worded).size).toBe(3);
    }
  });

  it('answers 503 while the database refuses writes for want of disk, and logs the cause once', async () => {
    const database = await startTestBackend({ LOG_LEVEL: 'error' });
    const lines: string[] = [];
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation((line) => lines.push(String(line)) > 0);
    try {
      // PostgreSQL's own refusal of a write on a full disk (SQLSTATE 53100), raised by the real database.
      await database.database.db.execute(
        sql.raw(`create function refuse_for_full_disk() returns trigger language plpgsql as $$
          begin raise exception 'could not extend file: No space left on device' using errcode = '53100'; end $$`),
      );
      await database.database.db.execute(
        sql.raw('create trigger full_disk before insert on support_messages for each row execute function refuse_for_full_disk()'),
      );
      const client = await new TestClient(database).prime();
      const message = { FullName: 'Dee Disk', EmailAddress: 'dee@example.com', Phone: null, Message: 'Is the disk full?' };
      for (let i = 0; i < 3; i++) {
        const answer = await client.call('POST', 'support/message', {
          body: message,
          headers: { 'X-Forwarded-For': `203.0.113.${i + 1}` },
        });
        expect(answer.status).toBe(503);
        expect(answer.headers.get('retry-after')).toBe('5');
        expect(answer.body.ErrorMessages[0].Message).toMatch(/briefly unavailable/);
      }
      // Reads still work meanwhile.
      expect((await client.call('GET', 'store/catalog')).status).toBe(200);
    } finally {
      stderr.mockRestore();
      await database.close();
    }
    const errors = lines.map((line) => JSON.parse(line)).filter((line) => line.message === 'unhandled error');
    expect(errors).toHaveLength(1);
    expect(errors[0].error.causes.at(-1)).toMatchObject({ code: '53100', message: 'could not extend file: No space left on device' });
  });

  it('keeps a sane incoming request id', async () => {
    const response = await new TestClient(backend).call('GET', 'app/app-info', { headers: { 'X-Request-Id': 'trace-12345678' } });
    expect(response.headers.get('x-request-id')).toBe('trace-12345678');
  });

  it('publishes the OpenAPI document', async () => {
    const response = await backend.app.request('/api/openapi.json');
    const document = await response.json();
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/app/countries', '/api/auth/session-info']));
    // The envelope's entries are described with their code and field, which only Message must have.
    const refusal = document.paths['/api/support/message'].post.responses['400'].content['application/json'].schema;
    const entry = refusal.properties.ErrorMessages.items;
    expect(Object.keys(entry.properties)).toEqual(['Message', 'Code', 'Field']);
    expect(entry.required).toEqual(['Message']);
    expect(entry.properties.Code).toEqual({ type: 'string', description: expect.stringContaining('stable identifier') });
  });
});
