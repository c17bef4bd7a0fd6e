import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { ErrorEnvelopeSchema } from '../../lib/contract/http';
import type { AppEnv } from '../env';
import { envelope } from '../errors';
import { describeIssues } from '../validation';

/** Every router is made here, so bad input always gets the same 400 envelope. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return c.json(envelope(describeIssues(result.error.issues)), 400);
    },
  });
}

export const errorResponses = {
  400: { description: 'Bad input or missing application key', content: { 'application/json': { schema: ErrorEnvelopeSchema } } },
  403: { description: 'Missing request-forgery token', content: { 'application/json': { schema: ErrorEnvelopeSchema } } },
} as const;

export function jsonContent<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}
