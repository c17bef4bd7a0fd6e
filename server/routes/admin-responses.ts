import { ErrorEnvelopeSchema } from '../../lib/contract/envelope';

const envelopeContent = { 'application/json': { schema: ErrorEnvelopeSchema } };

/**
 * The errors every console call may answer. No 401: to a caller without a session or a role the
 * console does not exist (404), so nothing tells a stranger it is there.
 */
export const adminErrorResponses = {
  400: { description: 'Bad input or missing application key', content: envelopeContent },
  403: {
    description: 'Missing request-forgery token, or Data second-factor / confirm-password: what the console must ask first',
    content: envelopeContent,
  },
  404: { description: 'No staff role (the call does not exist for the caller), or no such record', content: envelopeContent },
  429: { description: 'Throttled; see Retry-After', content: envelopeContent },
} as const;
