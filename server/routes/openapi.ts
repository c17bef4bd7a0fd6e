import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, TypedResponse } from 'hono';
import { z } from 'zod';
import { ErrorEnvelopeSchema } from '../../lib/contract/envelope';
import type { AppEnv } from '../deps';
import type { JsonText } from '../json-text';
import { ApiError, issueTexts } from '../errors';

/** Every router is made here, so bad input always gets the same 400 envelope. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw new ApiError(400, issueTexts(result.error.issues));
    },
  });
}

const envelopeContent = { 'application/json': { schema: ErrorEnvelopeSchema } };

export const errorResponses = {
  400: { description: 'Bad input or missing application key', content: envelopeContent },
  403: { description: 'Missing request-forgery token', content: envelopeContent },
} as const;

export const sessionErrorResponses = {
  ...errorResponses,
  401: { description: 'No session', content: envelopeContent },
} as const;

export const throttledResponse = { 429: { description: 'Throttled; see Retry-After', content: envelopeContent } } as const;

export const conflict = (description: string) => ({ 409: { description, content: envelopeContent } }) as const;

export function jsonContent<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

export function jsonBody<T extends z.ZodType>(schema: T) {
  return { body: { content: { 'application/json': { schema } }, required: true } };
}

/** A 200 JSON answer from text made by toJsonText, typed as c.json would type it. */
export function jsonTextResponse<T>(c: Context, text: JsonText<T>) {
  // The cast only restates what the brand guarantees: the text is JSON of a T.
  return c.body(text, 200, { 'Content-Type': 'application/json' }) as unknown as TypedResponse<T, 200, 'json'>;
}

/** The document with only the operations whose path `keep` accepts (their schemas are inline). */
export function documentOf<T extends { paths?: Record<string, unknown> }>(full: T, keep: (path: string) => boolean): T {
  return { ...full, paths: Object.fromEntries(Object.entries(full.paths ?? {}).filter(([path]) => keep(path))) };
}
