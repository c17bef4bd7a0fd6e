import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { ApiCallError, callApi } from '@/lib/api/client';
import { APP_KEY, APP_KEY_HEADER } from '@/lib/contract/http';
import { appActions, appState } from '@/lib/state/app-state';
import { snackbarStore } from '@/lib/state/snackbar';

/** A small real server on loopback that answers the ways a backend can fail. */
const seen: Record<string, string | undefined> = {};
/** The slow call answers once the test lets it. */
let answerSlowCalls!: () => void;
const slowCallsAnswered = new Promise<void>((resolve) => (answerSlowCalls = resolve));
const server = new Hono()
  .get('/api/ok', (c) => {
    seen.appKey = c.req.header(APP_KEY_HEADER);
    seen.language = c.req.header('Accept-Language');
    return c.json({ Value: 42 });
  })
  .get('/api/unauthorized', (c) => c.json({ ErrorMessages: [{ Message: 'Login required' }] }, 401))
  .put('/api/invalid', (c) => c.json({ Errors: [{ Message: 'UserName: Required' }], CodeResult: 'show' }, 400))
  .get('/api/broken', (c) => c.json({ ErrorMessages: [{ Message: 'Internal server error (request id x)' }] }, 500))
  .get('/api/html', (c) => c.html('<h1>Bad gateway</h1>', 502))
  .get('/api/empty-gateway', (c) => c.body(null, 504))
  .get('/api/slow', async (c) => {
    await slowCallsAnswered;
    return c.json({ Value: 1 });
  })
  .get('/api/not-json', (c) => c.text('surprise', 200));

let listener: ServerType;
let origin = '';
const realFetch = globalThis.fetch;

beforeAll(async () => {
  await new Promise<void>((resolve) => {
    listener = serve({ fetch: server.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  origin = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  // The browser resolves the relative /api/ base against the page; Node needs the origin.
  globalThis.fetch = (input, init) => realFetch(new URL(String(input), origin), init);
});
afterAll(() => {
  globalThis.fetch = realFetch;
  listener.close();
});
beforeEach(() => {
  appState.reset();
  snackbarStore.reset();
});

const snack = () => snackbarStore.get().current;

describe('API client', () => {
  it('sends the application key and the display language, and returns JSON', async () => {
    appActions.setDisplayLanguage('de');
    await expect(callApi('GET', 'ok')).resolves.toEqual({ Value: 42 });
    expect(seen).toEqual({ appKey: APP_KEY, language: 'de' });
  });

  it('clears the session silently on 401', async () => {
    appActions.setSession({ UserName: 'ann@example.com', DisplayName: null, Claims: [] });
    await expect(callApi('GET', 'unauthorized')).rejects.toMatchObject({ status: 401 });
    expect(appState.get().sessionInfo).toBeNull();
    expect(snack()).toBeNull();
  });

  it('hands a plain-object error body back to a caller that asks for it', async () => {
    await expect(callApi('PUT', 'invalid', { body: {}, returnErrorBody: true })).resolves.toEqual({
      Errors: [{ Message: 'UserName: Required' }],
      CodeResult: 'show',
    });
    expect(snack()).toBeNull();
  });

  it('shows the server’s message in an error snack otherwise', async () => {
    await expect(callApi('GET', 'broken')).rejects.toBeInstanceOf(ApiCallError);
    expect(snack()).toMatchObject({ style: 'error', content: { text: 'Internal server error (request id x)' } });
  });

  it('shows nothing for silent calls', async () => {
    await expect(callApi('GET', 'broken', { silent: true })).rejects.toBeInstanceOf(ApiCallError);
    expect(snack()).toBeNull();
  });

  it('turns a successful answer whose body is not JSON into Non-HTTP Error', async () => {
    await expect(callApi('GET', 'not-json')).rejects.toMatchObject({ content: { key: 'snack.nonHttpError' } });
    expect(snack()).toMatchObject({ style: 'error', content: { key: 'snack.nonHttpError' } });
  });

  it('words an HTTP error without our message (a proxy’s page, an empty body) from messages/, with its status', async () => {
    await expect(callApi('GET', 'html')).rejects.toMatchObject({
      status: 502,
      content: { key: 'snack.serverError', values: { status: 502 } },
    });
    await expect(callApi('GET', 'empty-gateway')).rejects.toMatchObject({
      status: 504,
      content: { key: 'snack.serverError', values: { status: 504 } },
    });
    expect(snack()).toMatchObject({ style: 'error', content: { key: 'snack.serverError' } });
  });

  it('gives up on an answer that does not come in time, and says so', async () => {
    await expect(callApi('GET', 'slow', { timeoutMs: 200 })).rejects.toMatchObject({ content: { key: 'snack.timeout' } });
    expect(snack()).toMatchObject({ style: 'error', content: { key: 'snack.timeout' } });
    const patient = callApi('GET', 'slow');
    answerSlowCalls();
    await expect(patient).resolves.toEqual({ Value: 1 });
  });

  it('turns a failed connection into Unable to connect server', async () => {
    const closed = realFetch;
    globalThis.fetch = (input, init) => closed(new URL(String(input), 'http://127.0.0.1:1'), init);
    try {
      await expect(callApi('GET', 'ok')).rejects.toMatchObject({ content: { key: 'snack.unableToConnect' } });
    } finally {
      globalThis.fetch = (input, init) => realFetch(new URL(String(input), origin), init);
    }
    expect(snack()).toMatchObject({ style: 'error', content: { key: 'snack.unableToConnect' } });
  });
});
