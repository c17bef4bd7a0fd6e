import { z } from 'zod';

/**
 * One message: its words in the caller's language, and (from the backend) a stable code to act
 * on: the message's key, or for a field the rule it broke, with the field's path.
 */
export const ErrorMessageSchema = z.object({
  Message: z.string().describe("The message, worded in the caller's language (Accept-Language)"),
  Code: z
    .string()
    .optional()
    .describe('A stable identifier of the message, the same in every language: its key, or the rule a field broke'),
  Field: z.string().optional().describe('The request field the message is about, as a dotted path (Items.0.Quantity)'),
});
export type ErrorMessage = z.infer<typeof ErrorMessageSchema>;

/** The error envelope of every failed call (docs/product/api.md#envelopes). */
export const ErrorEnvelopeSchema = z.object({
  ErrorMessages: z.array(ErrorMessageSchema).optional(),
  Errors: z.array(ErrorMessageSchema).optional(),
  Data: z.string().nullish(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;
