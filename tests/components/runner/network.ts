/**
 * The page's network: what the browser's fetch does, over real HTTP to the real backend
 * (tests/components/runner/global-setup.mjs). Relative URLs resolve against the page, cookies
 * live in the page's jar (HttpOnly ones included, set and sent as a browser does), and an abort
 * of the page's signal ends the request.
 *
 * Network conditions a test can set, as a slow or broken network would (never an answer of
 * our backend): hold a call back until released, lose the connection, or have a gateway in
 * front answer with an error page. Every call is logged, to check what the page sent.
 */

import { APP_KEY, APP_KEY_HEADER, XSRF_COOKIE, XSRF_HEADER } from '@/lib/contract/http';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { act } from '@testing-library/react';
import { fetchResending } from '../../support/resend';

interface CookieJar {
  getCookieStringSync(url: string): string;
  setCookieSync(cookie: string, url: string): unknown;
  removeAllCookiesSync(): void;
}

declare global {
  // Handed in by tests/components/runner/environment.js.
  var nodeNetwork: {
    fetch: typeof fetch;
    Response: typeof Response;
    AbortController: typeof AbortController;
    cookieJar: CookieJar;
    mailApi: string;
  };
}

export interface SentCall {
  method: string;
  /** Below /api/, with the query: "store/cart". */
  path: string;
  body: unknown;
  /** Sent with fetch's keepalive: the request outlives a page that closes. */
  keepalive?: true;
}

type CallMatch = string | ((call: SentCall) => boolean);
type Condition =
  | { kind: 'hold'; match: CallMatch; released: Promise<void>; reached: () => void }
  | { kind: 'offline'; match: CallMatch }
  | { kind: 'gateway'; match: CallMatch; status: number; html: string };

const calls: SentCall[] = [];
const conditions: Condition[] = [];
/**
 * Each test is a visitor of its own address, which the proxy in front of the backend appends
 * as the last X-Forwarded-For entry (a trusted hop: server/client-address.ts): the per-address limits
 * then count one test's calls, as they count one visitor's, and run at production values.
 */
let clientAddress = '10.0.0.1';
const randomAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 254) + 1).join('.')}`;

/** "PUT store/cart" or "store/cart" (any method), or a test of the call. */
function matches(match: CallMatch, call: SentCall) {
  if (typeof match === 'function') return match(call);
  const [method, path] = match.includes(' ') ? match.split(' ') : [null, match];
  return (method === null || method === call.method) && path === call.path.split('?')[0];
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

function takeCondition(call: SentCall): Condition | undefined {
  const index = conditions.findIndex((condition) => matches(condition.match, call));
  return index < 0 ? undefined : conditions.splice(index, 1)[0];
}

/** Where a browser keeps its cookies, the address it calls from, and the User-Agent it names itself with (Node's own if none). */
interface Browser {
  cookies: CookieJar;
  address: () => string;
  userAgent?: string;
}

const page: Browser = {
  cookies: {
    getCookieStringSync: (url) => globalThis.nodeNetwork.cookieJar.getCookieStringSync(url),
    setCookieSync: (line, url) => globalThis.nodeNetwork.cookieJar.setCookieSync(line, url),
    removeAllCookiesSync: () => globalThis.nodeNetwork.cookieJar.removeAllCookiesSync(),
  },
  address: () => clientAddress,
};

/** One HTTP exchange from a browser, without logging or conditions. */
async function send(browser: Browser, url: URL, init: RequestInit): Promise<Response> {
  const { fetch: nodeFetch, AbortController: NodeAbortController } = globalThis.nodeNetwork;
  const headers: Record<string, string> = { ...(init.headers as Record<string, string> | undefined), 'X-Forwarded-For': browser.address() };
  if (browser.userAgent) headers['User-Agent'] = browser.userAgent;
  const cookie = browser.cookies.getCookieStringSync(url.href);
  if (cookie) headers.Cookie = cookie;
  // Node's fetch takes only its own signals: the page's signal is relayed.
  const controller = new NodeAbortController();
  const pageSignal = init.signal;
  if (pageSignal?.aborted) controller.abort();
  pageSignal?.addEventListener('abort', () => controller.abort());
  // Browsers send a request again when a reused idle connection turns out closed; so does this.
  const response = await fetchResending(
    url.href,
    { method: init.method, headers, body: init.body as string | undefined, signal: controller.signal, redirect: 'manual' },
    nodeFetch,
  ).catch((error: unknown) => {
    // A failed connection shows on the page only as "Unable to connect server"; the test's output says why.
    if ((error as { name?: string } | undefined)?.name === 'TypeError') {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      console.warn(`${init.method ?? 'GET'} ${url.pathname} failed: ${String(error)} (${cause?.code ?? ''} ${cause?.message ?? ''})`);
    }
    throw error;
  });
  for (const line of response.headers.getSetCookie()) browser.cookies.setCookieSync(line, url.href);
  return response;
}

/** The page's calls not answered yet (see network.settled). */
let unanswered = new Set<Promise<unknown>>();

/**
 * The page's `fetch`. The answer's body is read whole before the page gets it, so once no
 * call is unanswered the page has all it asked for and only its own handling is left.
 */
function pageFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const answered = answer(input, init).then(async (response) => {
    const body = [101, 204, 205, 304].includes(response.status) ? null : await response.arrayBuffer();
    const { status, statusText, headers } = response;
    return new globalThis.nodeNetwork.Response(body, { status, statusText, headers });
  });
  unanswered.add(answered);
  const forget = () => unanswered.delete(answered);
  answered.then(forget, forget);
  return answered;
}

async function answer(input: RequestInfo | URL, init: RequestInit): Promise<Response> {
  const url = new URL(String(input), window.location.href);
  const call: SentCall = {
    method: init.method ?? 'GET',
    path: `${url.pathname.replace(/^\/api\//, '')}${url.search}`,
    body: parseBody(init.body),
    ...(init.keepalive ? { keepalive: true as const } : {}),
  };
  calls.push(call);
  const condition = takeCondition(call);
  if (condition?.kind === 'offline') throw new TypeError('Failed to fetch');
  if (condition?.kind === 'gateway') return gatewayAnswer(condition);
  if (condition?.kind === 'hold') {
    condition.reached();
    await condition.released;
  }
  return send(page, url, init);
}

function gatewayAnswer(condition: Extract<Condition, { kind: 'gateway' }>): Response {
  return new globalThis.nodeNetwork.Response(condition.html, { status: condition.status, headers: { 'Content-Type': 'text/html' } });
}

export const network = {
  /** The calls the page sent since the test began. */
  calls: (match?: CallMatch) => (match ? calls.filter((call) => matches(match, call)) : [...calls]),
  /** The next matching call waits until `release()`; `reached` settles when the page sent it. */
  hold(match: CallMatch) {
    let release!: () => void;
    let reached!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const sent = new Promise<void>((resolve) => (reached = resolve));
    conditions.push({ kind: 'hold', match, released, reached });
    return { release, reached: sent };
  },
  /** The next matching call finds no network ("Failed to fetch"). */
  offline(match: CallMatch) {
    conditions.push({ kind: 'offline', match });
  },
  /** The next matching call is answered by a failing gateway in front of the backend. */
  gatewayError(match: CallMatch, status = 502, html = '<h1>Bad Gateway</h1>') {
    conditions.push({ kind: 'gateway', match, status, html });
  },
  /**
   * Settles once every call the page sent has been answered and the page has handled the
   * answers, follow-up calls included: the moment to check that something did not happen.
   */
  async settled() {
    for (;;) {
      // Inside act, so the page's handling of each answer as it lands is React's to flush; then a
      // turn of the event loop for the page's promise chains and updates.
      await act(async () => {
        await Promise.allSettled([...unanswered]);
        await nextTurn();
      });
      if (unanswered.size === 0) return;
    }
  },
  /** Forgets every cookie, as a new browser profile would. */
  clearCookies: () => globalThis.nodeNetwork.cookieJar.removeAllCookiesSync(),
};

export type ApiAnswer<T> = { status: number; body: T };
export type ApiCaller = <T = unknown>(method: string, path: string, body?: unknown) => Promise<ApiAnswer<T>>;

/** A call as the site's own client makes it from this browser: app key, JSON, the XSRF cookie echoed. */
async function apiCall<T>(browser: Browser, method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
  const url = new URL(`/api/${path}`, window.location.href);
  const headers: Record<string, string> = { [APP_KEY_HEADER]: APP_KEY, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const xsrf = browser.cookies
    .getCookieStringSync(url.href)
    .split('; ')
    .find((pair) => pair.startsWith(`${XSRF_COOKIE}=`));
  if (xsrf) headers[XSRF_HEADER] = decodeURIComponent(xsrf.slice(XSRF_COOKIE.length + 1));
  const response = await send(browser, url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** A call the test makes with the page's cookies, as another tab of the same browser would (not logged). */
export const pageApi: ApiCaller = (method, path, body) => apiCall(page, method, path, body);

/** A set-up call's body; a refusal fails the test with the backend's answer, so a broken set-up says why. */
export async function accepted<T>(step: string, call: Promise<ApiAnswer<T>>): Promise<T> {
  const answer = await call;
  if (answer.status !== 200) throw new Error(`${step}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** A simple cookie jar for another browser: name → value, dropped when expired or emptied. */
function separateJar(): CookieJar {
  const cookies = new Map<string, string>();
  return {
    getCookieStringSync: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    setCookieSync(line) {
      const [pair, ...attributes] = line.split(';');
      const split = pair.indexOf('=');
      const [name, value] = [pair.slice(0, split).trim(), pair.slice(split + 1)];
      if (value === '' || attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute))) cookies.delete(name);
      else cookies.set(name, value);
    },
    removeAllCookiesSync: () => cookies.clear(),
  };
}

/** Someone else's browser (or the user's own on another device): its own cookies and address, never the page's. */
export function anotherBrowser({ userAgent }: { userAgent?: string } = {}): ApiCaller {
  const browser: Browser = {
    cookies: separateJar(),
    address: (() => {
      const address = randomAddress();
      return () => address;
    })(),
    userAgent,
  };
  return (method, path, body) => apiCall(browser, method, path, body);
}

beforeEach(() => {
  calls.length = 0;
  conditions.length = 0;
  unanswered = new Set();
  clientAddress = randomAddress();
  globalThis.fetch = pageFetch as typeof fetch;
});
