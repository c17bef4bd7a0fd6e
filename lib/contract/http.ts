import { z } from 'zod';

/** Spec §7: every /api request carries the application key in this header. */
export const APP_KEY_HEADER = 'X-App-Key';
export const APP_KEY = 'bluebonnet-website';

/** Request-forgery protection (the double-submit convention the spec describes). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export const SESSION_COOKIE = 'sid';
export const API_BASE = '/api/';

export const ErrorMessageSchema = z.object({ Message: z.string() });
export type ErrorMessage = z.infer<typeof ErrorMessageSchema>;

/** The error envelope of every failed call (ARCHITECTURE.md "Errors"). */
export const ErrorEnvelopeSchema = z.object({
  ErrorMessages: z.array(ErrorMessageSchema).optional(),
  Errors: z.array(ErrorMessageSchema).optional(),
  Data: z.string().nullish(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;
