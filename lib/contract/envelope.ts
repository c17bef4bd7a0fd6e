import { z } from 'zod';

export const ErrorMessageSchema = z.object({ Message: z.string() });

/** The error envelope of every failed call (ARCHITECTURE.md "Errors"). */
export const ErrorEnvelopeSchema = z.object({
  ErrorMessages: z.array(ErrorMessageSchema).optional(),
  Errors: z.array(ErrorMessageSchema).optional(),
  Data: z.string().nullish(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;
