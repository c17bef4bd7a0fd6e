/**
 * The contract suite, driven by the published OpenAPI document: for every operation the app
 * key, the XSRF header and the session are enforced with the error envelope, and fuzzed bodies
 * and path parameters never cause a 5xx or change the database.
 *
 * CONTRACT_BASE_URL=http://host:port npm run contract  points it at any running backend
 * (then the session-only fuzzing is skipped: it needs an account made through mail).
 */
import fc from 'fast-check';
import * as schema from '@/server/db/schema';
import { APP_KEY, APP_KEY_HEADER, SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '@/lib/contract/http';
import { newCustomer, startTestBackend, type TestBackend } from './harness';
import { staffClient } from './staff-harness';

interface Operation {
  method: string;
  path: string;
  needsSession: boolean;
  bodySchema?: JsonSchema;
}
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}
interface Answer {
  status: number;
  body: unknown;
}

const baseUrl = process.env.CONTRACT_BASE_URL;
/** Called by browsers, monitors or Stripe directly: no app key, no XSRF header. */
const directPaths = [
  '/api/health',
  '/api/ready',
  '/api/openapi.json',
  '/api/payment/stripe-webhook',
  '/api/billing/invoice-pdf/{key}/download',
  '/api/user/data-export',
  '/api/user/data-export/zip',
  '/api/admin/reports/export/{file}',
];

let backend: TestBackend | undefined;
let operations: Operation[] = [];
let send: (method: string, path: string, init?: { headers?: Record<string, string>; body?: string }) => Promise<Answer>;
let session: { cookie: string; xsrf: string } | undefined;
/** A staff owner's session past the second factor, with a fresh password confirmation: the console's calls open. */
let staffSession: { cookie: string; xsrf: string } | undefined;

beforeAll(async () => {
  if (baseUrl) {
    send = async (method, path, init = {}) => {
      const response = await fetch(new URL(path, baseUrl), { method, headers: init.headers, body: init.body });
      const text = await response.text();
      return { status: response.status, body: safeJson(text) };
    };
  } else {
    backend = await startTestBackend();
    const app = backend.app;
    send = async (method, path, init = {}) => {
      const response = await app.request(path, { method, headers: init.headers, body: init.body });
      return { status: response.status, body: safeJson(await response.text()) };
    };
    const client = await newCustomer(backend, 'contract@example.com');
    session = { cookie: client.cookie(SESSION_COOKIE)!, xsrf: client.cookie(XSRF_COOKIE)! };
    const { client: staff } = await staffClient(backend, { role: 'owner', passwordConfirmed: true });
    staffSession = { cookie: staff.cookie(SESSION_COOKIE)!, xsrf: staff.cookie(XSRF_COOKIE)! };
  }
  type Document = {
    paths: Record<
      string,
      Record<string, { responses: Record<string, unknown>; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>
    >;
  };
  const document = (await send('GET', '/api/openapi.json')).body as Document;
  // The console's calls are published to staff alone; a remote backend has no staff account to ask with.
  if (staffSession) {
    const console = await send('GET', '/api/admin/openapi.json', { headers: sessionHeaders(staffSession) });
    document.paths = { ...document.paths, ...(console.body as Document).paths };
  }
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      needsSession: '401' in operation.responses,
      bodySchema: operation.requestBody?.content['application/json']?.schema,
    })),
  );
});
afterAll(() => backend?.close());

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const someId = '2b5f7a0e-8c1d-4f3a-9b6e-0d4c2a1f5e7b';
const concrete = (path: string, value = someId) => path.replace(/\{[^}]+\}/g, value);
const isEnvelope = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  ['ErrorMessages', 'Errors'].some(
    (field) => Array.isArray((body as Record<string, unknown>)[field]) && ((body as Record<string, unknown[]>)[field].length ?? 0) > 0,
  );
const guarded = () => operations.filter((operation) => !directPaths.includes(operation.path));
/** The operator console: to anyone without a staff role its calls do not exist (404, never 401). */
const isConsole = (operation: Operation) => operation.path.startsWith('/api/admin/');
const sessionHeaders = (as: { cookie: string; xsrf: string } | undefined): Record<string, string> => ({
  [APP_KEY_HEADER]: APP_KEY,
  [XSRF_HEADER]: as?.xsrf ?? 'fuzz',
  Cookie: as ? `${SESSION_COOKIE}=${as.cookie}; ${XSRF_COOKIE}=${as.xsrf}` : `${XSRF_COOKIE}=fuzz`,
});

describe('the published contract', () => {
  it('lists the console’s calls to staff only', async () => {
    if (!staffSession) return;
    const published = (await send('GET', '/api/openapi.json')).body;
    expect(JSON.stringify(published)).not.toContain('/api/admin/');
    for (const caller of [undefined, session])
      expect((await send('GET', '/api/admin/openapi.json', { headers: sessionHeaders(caller) })).status).toBe(404);
    const forStaff = (await send('GET', '/api/admin/openapi.json', { headers: sessionHeaders(staffSession) })).body as { paths: object };
    expect(Object.keys(forStaff.paths).length).toBeGreaterThan(10);
    expect(Object.keys(forStaff.paths).every((path) => path.startsWith('/api/admin/'))).toBe(true);
  });

  it('lists every call of the API', () => {
    const listed = operations.map((operation) => `${operation.method} ${operation.path}`);
    for (const call of [
      'GET /api/app/app-info',
      'GET /api/app/us-states',
      'GET /api/app/countries',
      'POST /api/auth/login',
      'POST /api/auth/signup',
      'GET /api/auth/session-info',
      'PUT /api/auth/logout',
      'PUT /api/user/email',
      'PUT /api/user/password',
      'PUT /api/user/profile',
      'PUT /api/user/delete-account',
      'GET /api/user/data-export',
      'GET /api/user/data-export/zip',
      'GET /api/user/sessions',
      'DELETE /api/user/sessions/{id}',
      'POST /api/user/sessions/sign-out-others',
      'GET /api/store/catalog',
      'GET /api/store/cart',
      'PUT /api/store/cart',
      'GET /api/payment/key-info',
      'POST /api/payment/create-manual-session',
      'POST /api/payment/manual-return',
      'POST /api/payment/create-stripe-session',
      'POST /api/payment/stripe-return',
      'GET /api/billing/invoices',
      'GET /api/billing/invoice/{id}',
      'GET /api/billing/invoice-pdf/{key}/download',
      'GET /api/license/subscriptions',
      'GET /api/license/subscription/{id}',
      'DELETE /api/license/subscription/{id}',
      'POST /api/support/message',
    ]) {
      expect(listed).toContain(call);
    }
  });

  it('refuses every guarded operation without the app key: 400 with the envelope', async () => {
    for (const operation of guarded()) {
      const answer = await send(operation.method, concrete(operation.path), {
        headers: { 'Content-Type': 'application/json' },
        body: operation.method === 'GET' ? undefined : '{}',
      });
      expect({ call: `${operation.method} ${operation.path}`, status: answer.status, envelope: isEnvelope(answer.body) }).toEqual({
        call: `${operation.method} ${operation.path}`,
        status: 400,
        envelope: true,
      });
    }
  });

  it('refuses every non-GET operation without the XSRF header: 403 with the envelope', async () => {
    for (const operation of guarded().filter((operation) => operation.method !== 'GET')) {
      const answer = await send(operation.method, concrete(operation.path), {
        headers: { [APP_KEY_HEADER]: APP_KEY, 'Content-Type': 'application/json', Cookie: `${XSRF_COOKIE}=abc` },
        body: '{}',
      });
      expect({ call: `${operation.method} ${operation.path}`, status: answer.status, envelope: isEnvelope(answer.body) }).toEqual({
        call: `${operation.method} ${operation.path}`,
        status: 403,
        envelope: true,
      });
    }
  });

  it('refuses every portal operation without a session: 401 with the envelope', async () => {
    const portal = operations.filter((operation) => operation.needsSession);
    expect(portal.length).toBeGreaterThan(10);
    for (const operation of portal) {
      const headers = {
        [APP_KEY_HEADER]: APP_KEY,
        [XSRF_HEADER]: 'token-1',
        Cookie: `${XSRF_COOKIE}=token-1`,
        'Content-Type': 'application/json',
      };
      const answer = await send(operation.method, concrete(operation.path), {
        headers,
        body: operation.method === 'GET' ? undefined : '{}',
      });
      expect({ call: `${operation.method} ${operation.path}`, status: answer.status, envelope: isEnvelope(answer.body) }).toEqual({
        call: `${operation.method} ${operation.path}`,
        status: 401,
        envelope: true,
      });
    }
  });

  it('hides every console operation from callers without a staff role: 404 with the envelope', async () => {
    const consoleCalls = operations.filter(isConsole);
    expect(consoleCalls.length).toBeGreaterThan(5);
    for (const operation of consoleCalls) expect(operation.needsSession).toBe(false);
    for (const as of [undefined, session]) {
      for (const operation of consoleCalls) {
        const answer = await send(operation.method, concrete(operation.path), {
          headers: { ...sessionHeaders(as), 'Content-Type': 'application/json' },
          body: operation.method === 'GET' ? undefined : '{}',
        });
        const call = `${as ? 'customer' : 'anonymous'} ${operation.method} ${operation.path}`;
        expect({ call, status: answer.status, envelope: isEnvelope(answer.body) }).toEqual({ call, status: 404, envelope: true });
      }
    }
  });
});

/** A JSON value that can never satisfy a schema of the given type. */
function wrongFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const types = new Set([schema?.type, ...(schema?.anyOf ?? []).map((option) => option.type)].flat().filter(Boolean));
  const candidates: fc.Arbitrary<unknown>[] = [];
  if (!types.has('string')) candidates.push(fc.string(), fc.string({ unit: 'grapheme', maxLength: 40 }));
  if (!types.has('number') && !types.has('integer')) candidates.push(fc.double(), fc.integer());
  if (!types.has('boolean')) candidates.push(fc.boolean());
  if (!types.has('array')) candidates.push(fc.array(fc.anything(), { maxLength: 4 }));
  if (!types.has('object')) candidates.push(fc.dictionary(fc.string(), fc.anything(), { maxKeys: 3 }));
  if (!types.has('null')) candidates.push(fc.constant(null));
  return fc.oneof(...candidates);
}

/** Bodies that break the schema for sure: one field of the wrong type, the rest random junk. */
function invalidBody(schema: JsonSchema): fc.Arbitrary<string> {
  const names = Object.keys(schema.properties ?? {});
  const junkField = fc.oneof(
    fc.anything(),
    fc.string({ minLength: 2000, maxLength: 5000 }),
    fc.string({ unit: 'grapheme' }),
    fc.constant(null),
    fc.constant('\u0000\u202e<script>alert(1)</script>'),
    fc.constant(JSON.parse('['.repeat(200) + ']'.repeat(200))),
  );
  const broken = names.length
    ? fc.constantFrom(...names).chain((name) =>
        fc
          .record({
            wrong: wrongFor(schema.properties![name]),
            rest: fc.dictionary(fc.constantFrom(...names), junkField, { maxKeys: names.length }),
          })
          .map(({ wrong, rest }) => JSON.stringify({ ...rest, [name]: wrong })),
      )
    : fc.constant('not json');
  const notAnObject = fc.oneof(
    fc.constant('{"unterminated": '),
    fc.constant(''),
    fc
      .jsonValue()
      .filter((value) => typeof value !== 'object' || value === null || Array.isArray(value))
      .map((value) => JSON.stringify(value)),
  );
  return fc.oneof({ weight: 4, arbitrary: broken }, { weight: 1, arbitrary: notAnObject });
}

/** Row counts of every table, plus the account and cart contents: any change shows. */
async function fingerprint(): Promise<string> {
  const db = backend!.database.db;
  const tables = [
    schema.users,
    schema.sessions,
    schema.verificationCodes,
    schema.outbox,
    schema.supportMessages,
    schema.carts,
    schema.cartItems,
    schema.invoices,
    schema.invoiceLines,
    schema.payments,
    schema.checkoutSessions,
    schema.subscriptions,
    schema.supportReplies,
    schema.auditLog,
  ];
  const counts = await Promise.all(tables.map((table) => backend!.rowCount(table)));
  const users = await db.select().from(schema.users).orderBy(schema.users.email);
  const carts = await db.select().from(schema.cartItems).orderBy(schema.cartItems.offerKey);
  return JSON.stringify({ counts, users, carts });
}

const fuzzRuns = Number(process.env.FUZZ_RUNS ?? 25);

describe('fuzzed input', () => {
  it('never answers 5xx to junk bodies, answers 4xx with the envelope, and changes nothing', async () => {
    const targets = operations.filter(
      (operation) => operation.bodySchema && !directPaths.includes(operation.path) && (!operation.needsSession || session),
    );
    expect(targets.length).toBeGreaterThan(session ? 8 : 2);
    for (const operation of targets) {
      const before = backend ? await fingerprint() : '';
      await fc.assert(
        fc.asyncProperty(invalidBody(operation.bodySchema!), async (body) => {
          const headers: Record<string, string> = {
            [APP_KEY_HEADER]: APP_KEY,
            'Content-Type': 'application/json',
            'X-Forwarded-For': '192.0.2.1',
          };
          headers[XSRF_HEADER] = session?.xsrf ?? 'fuzz';
          headers.Cookie = session ? `${SESSION_COOKIE}=${session.cookie}; ${XSRF_COOKIE}=${session.xsrf}` : `${XSRF_COOKIE}=fuzz`;
          const answer = await send(operation.method, concrete(operation.path), { headers, body });
          const call = `${operation.method} ${operation.path} ${body.slice(0, 120)}`;
          expect({ call, clientError: answer.status >= 400 && answer.status < 500, envelope: isEnvelope(answer.body) }).toEqual({
            call,
            clientError: true,
            envelope: true,
          });
        }),
        { numRuns: fuzzRuns },
      );
      if (backend) expect(await fingerprint()).toBe(before);
    }
  });

  it('never answers 5xx to junk bodies from staff, answers 4xx with the envelope, and changes nothing', async () => {
    if (!staffSession) return; // a remote backend has no staff account to call with
    const targets = operations.filter((operation) => operation.bodySchema && isConsole(operation));
    for (const operation of targets) {
      const before = await fingerprint();
      await fc.assert(
        fc.asyncProperty(invalidBody(operation.bodySchema!), async (body) => {
          const headers = { ...sessionHeaders(staffSession), 'Content-Type': 'application/json' };
          const answer = await send(operation.method, concrete(operation.path), { headers, body });
          const call = `${operation.method} ${operation.path} ${body.slice(0, 120)}`;
          expect({ call, clientError: answer.status >= 400 && answer.status < 500, envelope: isEnvelope(answer.body) }).toEqual({
            call,
            clientError: true,
            envelope: true,
          });
        }),
        { numRuns: fuzzRuns },
      );
      expect(await fingerprint()).toBe(before);
    }
  });

  it('never answers 5xx to junk path parameters', async () => {
    const withParams = operations.filter((operation) => operation.path.includes('{') && (!operation.needsSession || session));
    if (!withParams.length) return; // a remote backend without a test account: every such call needs a session
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...withParams),
        fc.oneof(fc.string(), fc.uuid(), fc.string({ unit: 'grapheme' }), fc.constant('..%2f..%2fetc%2fpasswd')),
        async (operation, value) => {
          // The console's calls with staff rights, so their own checks are reached.
          const headers = sessionHeaders(isConsole(operation) ? (staffSession ?? session) : session);
          const answer = await send(operation.method, concrete(operation.path, encodeURIComponent(value) || 'x'), { headers });
          expect(answer.status).toBeGreaterThanOrEqual(400);
          expect(answer.status).toBeLessThan(500);
        },
      ),
      { numRuns: fuzzRuns * 4 },
    );
  });

  it('refuses an oversized body with 413 and the envelope', async () => {
    const answer = await send('POST', '/api/support/message', {
      headers: { [APP_KEY_HEADER]: APP_KEY, [XSRF_HEADER]: 'big', Cookie: `${XSRF_COOKIE}=big`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ FullName: 'x', EmailAddress: 'a@example.com', Message: 'x'.repeat(200_000) }),
    });
    expect(answer.status).toBe(413);
    expect(isEnvelope(answer.body)).toBe(true);
  });
});
