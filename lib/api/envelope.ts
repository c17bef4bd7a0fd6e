import type { ErrorEnvelope } from '../contract/envelope';

/**
 * The server's messages of an answer, whichever list carries them: the auth calls use
 * `Errors`, the rest `ErrorMessages` (and a 500 answers `ErrorMessages` on any path).
 */
export function serverMessages(body: ErrorEnvelope | null | undefined): string[] {
  return [...(body?.Errors ?? []), ...(body?.ErrorMessages ?? [])].map((entry) => entry.Message);
}
