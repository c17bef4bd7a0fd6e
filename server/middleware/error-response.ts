import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../deps';
import { ApiError, databaseFailure, describeError, errorEnvelope, requestLanguage } from '../errors';
import { clearSessionCookie } from './cookies';

const repeatedErrorLinesEveryMs = 10_000;

/** The answer to an error a handler threw: the envelope of its texts, or a logged 500 or 503. */
export function errorResponse(c: Context<AppEnv>, error: Error) {
  const language = requestLanguage(c);
  if (error instanceof ApiError) {
    for (const [name, value] of Object.entries(error.options.headers ?? {})) c.header(name, value);
    if (error.options.clearSession) clearSessionCookie(c);
    return c.json({ ...errorEnvelope(c.req.path, language, error.texts, error.options.data), ...error.options.extra }, error.status);
  }
  if (error instanceof HTTPException && error.status < 500) {
    const detail = error.message || 'the body could not be read';
    return c.json(errorEnvelope(c.req.path, language, [{ key: 'malformed', values: { detail } }]), error.status);
  }
  const requestId = c.get('requestId');
  const described = describeError(error);
  // While the database is away every request fails alike: one line per cause every few seconds, with the count.
  const rootCause = described.causes.at(-1) ?? described;
  c.get('deps')?.logger.error(
    'unhandled error',
    { requestId, error: described },
    { key: `${rootCause.name}:${rootCause.code ?? rootCause.message}`, everyMs: repeatedErrorLinesEveryMs },
  );
  const failure = databaseFailure(error);
  if (failure) c.get('deps')?.metrics.queryErrors.inc({ code: failure.code });
  if (failure?.unavailable) {
    c.header('Retry-After', '5');
    return c.json(errorEnvelope(c.req.path, language, [{ key: 'unavailable', values: { requestId } }]), 503);
  }
  return c.json(errorEnvelope(c.req.path, language, [{ key: 'internal', values: { requestId } }]), 500);
}
