import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorEnvelope } from '../lib/contract/http';
import type { AppEnv } from './env';

type EnvelopeField = 'ErrorMessages' | 'Errors';

export function envelope(messages: string[], field: EnvelopeField = 'ErrorMessages', data?: string): ErrorEnvelope {
  return { [field]: messages.map((Message) => ({ Message })), ...(data === undefined ? {} : { Data: data }) };
}

/** A failure the caller caused or may see: becomes the error envelope with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly messages: string[],
    readonly options: { field?: EnvelopeField; data?: string; headers?: Record<string, string> } = {},
  ) {
    super(messages.join('; '));
  }
}

export function errorResponse(c: Context<AppEnv>, error: Error) {
  if (error instanceof ApiError) {
    for (const [name, value] of Object.entries(error.options.headers ?? {})) c.header(name, value);
    return c.json(envelope(error.messages, error.options.field, error.options.data), error.status);
  }
  if (error instanceof HTTPException) {
    const message = error.status === 400 ? `Malformed request: ${error.message || 'the body could not be read'}` : error.message;
    return c.json(envelope([message || 'Request failed']), error.status);
  }
  const requestId = c.get('requestId');
  c.get('deps')?.logger.error('unhandled error', {
    requestId,
    error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
  });
  return c.json(envelope([`Internal server error (request id ${requestId})`]), 500);
}
