import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { ErrorEnvelope, ErrorMessage } from '../lib/contract/envelope';
import { apiText, validationRule, validationText, type ApiText } from './i18n';
import { pickLanguage, type ApiLanguage } from './services/platform/language';

type EnvelopeField = 'ErrorMessages' | 'Errors';

/** An API message, or a contract rule broken by a field ("Password: Must be at least 8 characters"). */
export type ErrorText = ApiText | { field: string; rule: string };

export const requestLanguage = (c: Context): ApiLanguage => pickLanguage(c.req.header('Accept-Language'));

function envelope(messages: ErrorMessage[], field: EnvelopeField = 'ErrorMessages', data?: string | null): ErrorEnvelope {
  return { [field]: messages, ...(data === undefined ? {} : { Data: data }) };
}

export function wordErrors(language: ApiLanguage, texts: ErrorText[]): string[] {
  return errorMessages(language, texts).map((message) => message.Message);
}

/**
 * Each text worded in the caller's language, with the code a client can act on: the API
 * message's key, or for a field the rule it broke (docs/product/api.md, "Errors"). A rule
 * no catalog words is passed on as it came, so its code is the generic one, never its text.
 */
export function errorMessages(language: ApiLanguage, texts: ErrorText[]): ErrorMessage[] {
  return texts.map((text) => {
    if (!('rule' in text)) {
      return { Message: apiText(language, text), Code: text.key, ...(text.field ? { Field: text.field } : {}) };
    }
    const message = { Message: validationText(language, text.rule, text.field), Code: validationRule(text.rule) ?? 'invalidValue' };
    // A body of the wrong type as a whole breaks a rule of no field.
    return text.field ? { ...message, Field: text.field } : message;
  });
}

export const issueTexts = (issues: readonly z.core.$ZodIssue[]): ErrorText[] =>
  issues.map((issue) => ({ field: issue.path.map(String).join('.'), rule: issue.message }));

/** A failure the caller caused or may see: becomes the error envelope with its status. */
export class ApiError extends Error {
  readonly texts: ErrorText[];
  constructor(
    readonly status: ContentfulStatusCode,
    texts: ErrorText | ErrorText[],
    readonly options: { data?: string; headers?: Record<string, string>; clearSession?: boolean; extra?: Record<string, unknown> } = {},
  ) {
    const list = Array.isArray(texts) ? texts : [texts];
    super(list.map((text) => ('rule' in text ? `${text.field}: ${text.rule}` : text.key)).join('; '));
    this.texts = list;
  }
}

/** The auth calls answer errors in `Errors` beside their empty results; the rest in `ErrorMessages` (docs/product/api.md#envelopes). */
function shapeFor(path: string): { field: EnvelopeField; extra: Record<string, unknown> } {
  if (!path.startsWith('/api/auth/')) return { field: 'ErrorMessages', extra: {} };
  return { field: 'Errors', extra: path === '/api/auth/signup' ? { CodeResult: null, SessionInfo: null } : { SessionInfo: null } };
}

/** The error body a call at this path answers with, worded in the caller's language. */
export function errorEnvelope(path: string, language: ApiLanguage, texts: ErrorText[], data?: string): Record<string, unknown> {
  const shape = shapeFor(path);
  return { ...shape.extra, ...envelope(errorMessages(language, texts), shape.field, data) };
}

/** pg's own words for a server that did not answer or dropped the connection (they carry no code). */
const lostDatabaseMessages = [
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client was closed and is not queryable',
  'Client has encountered a connection error and is not queryable',
];
/**
 * Connection failures, and PostgreSQL refusing or ending work for its own reasons: timeouts,
 * shutdown, and the server out of resources (class 53: disk full, memory, connections), or an
 * I/O error (58030), where reads may go on while every write fails.
 */
const lostDatabaseCodes = [
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOSPC',
  '57014',
  '57P01',
  '57P02',
  '57P03',
  '25P03',
  // A read-only database (a standby, or one set read-only): writes may work again after a failover.
  '25006',
  '58030',
];
const lostDatabaseClasses = ['08', '53'];

/**
 * What failed at the database, if anything did (the error or a cause of it, as Drizzle wraps
 * pg's): PostgreSQL's SQLSTATE, a connection error's code, or pg's own words for a lost server.
 */
export function databaseFailure(error: unknown): { code: string; unavailable: boolean } | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (/^(?=.*\d)[0-9A-Z]{5}$/.test(code) || lostDatabaseCodes.includes(code)))
      return { code, unavailable: lostDatabaseCodes.includes(code) || lostDatabaseClasses.includes(code.slice(0, 2)) };
    const lost = lostDatabaseMessages.find((message) => cause instanceof Error && cause.message.startsWith(message));
    if (lost) return { code: lost, unavailable: true };
  }
  return undefined;
}

type ErrorLine = { name: string; message: string; code?: string };

/**
 * An error for a log line, with the chain of its causes: the outer error is often Drizzle's
 * "Failed query: …", and the cause is what an operator acts on (ECONNREFUSED, ENOSPC, 53100).
 */
export function describeError(error: Error): ErrorLine & { stack?: string; causes: ErrorLine[] } {
  const chain: ErrorLine[] = [];
  for (let cause: unknown = error; cause instanceof Error && chain.length < 5; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    chain.push({ name: cause.name, message: cause.message.slice(0, 500), ...(typeof code === 'string' ? { code } : {}) });
  }
  return { ...chain[0], stack: error.stack, causes: chain.slice(1) };
}
