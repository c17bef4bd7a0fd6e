import { API_BASE, APP_KEY, APP_KEY_HEADER, XSRF_COOKIE, XSRF_HEADER } from '../contract/http';
import { readCookie } from '../browser-storage';
import type { ErrorEnvelope } from '../contract/envelope';
import { serverMessages } from './envelope';
import { appActions, appState } from '../state/app-state';
import { showError, type SnackContent } from '../state/snackbar';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CallOptions {
  body?: unknown;
  /** A plain-object error body is handed back as the result instead of shown (docs/product/api.md#errors). */
  returnErrorBody?: boolean;
  /** App info, states, countries and session info never show their errors (docs/product/api.md#errors). */
  silent?: boolean;
  signal?: AbortSignal;
  /** How long to wait for the answer; callTimeoutMs unless said. */
  timeoutMs?: number;
  /** Sent even if the page closes meanwhile (fetch's keepalive): a save made as the page is left. */
  keepalive?: boolean;
}

/** A failed call; `content` is what the user was shown (or would have been). */
export class ApiCallError extends Error {
  constructor(
    readonly content: SnackContent,
    readonly status?: number,
    readonly body?: unknown,
  ) {
    super('text' in content ? content.text : content.key);
  }
}

/** What a visitor is told when the server cannot be reached (docs/product/api.md#errors). */
export const unableToConnect: SnackContent = { key: 'snack.unableToConnect' };
const nonHttpError: SnackContent = { key: 'snack.nonHttpError' };
const timedOut: SnackContent = { key: 'snack.timeout' };
/** An HTTP error without a message of ours (a proxy's 502 page, an empty 504), in the reader's language. */
const httpError = (status: number): SnackContent => ({ key: 'snack.serverError', values: { status } });

/** A call without an answer after this long fails, so no wait is endless and the user can try again. */
const callTimeoutMs = 30_000;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

function firstServerMessage(body: unknown): string | null {
  if (!isPlainObject(body)) return null;
  try {
    const first = serverMessages(body as ErrorEnvelope)[0];
    return typeof first === 'string' ? first : null;
  } catch {
    return null; // not the envelope's shape
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

function fail(content: SnackContent, options: CallOptions, status?: number, body?: unknown): never {
  if (!options.silent) showError(content);
  throw new ApiCallError(content, status, body);
}

/** The request and its parsed answer; a failed connection or unreadable body ends here. */
async function exchange(method: HttpMethod, path: string, options: CallOptions): Promise<{ response: Response; body: unknown }> {
  const headers: Record<string, string> = {
    [APP_KEY_HEADER]: APP_KEY,
    Accept: 'application/json',
    'Accept-Language': appState.get().displayLanguage,
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') {
    const token = readCookie(XSRF_COOKIE);
    if (token) headers[XSRF_HEADER] = token;
  }

  // The caller's signal and the time limit both end the call.
  const timeLimit = AbortSignal.timeout(options.timeoutMs ?? callTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeLimit]) : timeLimit;

  let response: Response | undefined;
  try {
    response = await fetch(API_BASE + path, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
      keepalive: options.keepalive,
    });
    return { response, body: await readJson(response) };
  } catch (error) {
    if (timeLimit.aborted) return fail(timedOut, options);
    // An answer whose body is not JSON: an HTTP error page (a proxy's 502), or nonsense.
    if (response) return fail(response.ok ? nonHttpError : httpError(response.status), options, response.status);
    // Every browser rejects fetch with a TypeError when the network fails ('Failed to fetch'
    // in Chromium); an abort or anything else is not a connection problem.
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return fail(text.startsWith('TypeError') || text.includes('Failed to fetch') ? unableToConnect : nonHttpError, options);
  }
}

/** What an answer's status means (docs/product/api.md#errors): its body, a lost session, or an error shown. */
function settle<T>(response: Response, body: unknown, options: CallOptions): T {
  if (response.ok) return body as T;
  if (response.status === 401) {
    appActions.setSession(null);
    throw new ApiCallError({ text: 'Unauthorized' }, 401, body);
  }
  if (options.returnErrorBody && isPlainObject(body)) return body as T;
  const message = firstServerMessage(body);
  return fail(message === null ? httpError(response.status) : { text: message }, options, response.status, body);
}

/** The one way the browser talks to the backend (docs/product/api.md). */
export async function callApi<T>(method: HttpMethod, path: string, options: CallOptions = {}): Promise<T> {
  const { response, body } = await exchange(method, path, options);
  return settle<T>(response, body, options);
}

/**
 * For calls whose refusals come back as answers (returnErrorBody): the body, its messages, and
 * whether they are a notice: messages in an accepted answer are news, not errors ("We sent a
 * verification code …").
 */
export async function callApiAnswer<T extends ErrorEnvelope>(
  method: HttpMethod,
  path: string,
  options: Omit<CallOptions, 'returnErrorBody'> = {},
): Promise<{ body: T; messages: { Message: string }[]; notice: boolean }> {
  const withBody = { ...options, returnErrorBody: true };
  const { response, body } = await exchange(method, path, withBody);
  const answer = settle<T>(response, body, withBody);
  const messages = serverMessages(answer).map((Message) => ({ Message }));
  return { body: answer, messages, notice: response.ok && messages.length > 0 };
}
