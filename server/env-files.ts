import { loadEnvConfig } from '@next/env';
import { StartupError } from './startup-error';

/**
 * Reads the .env files the way Next.js does (.env.production.local, .env.local,
 * .env.production, .env; the development ones outside production), for the processes that
 * Next.js does not start: the standalone backend and the commands. Set variables win.
 */
export function loadEnvFiles(): void {
  loadEnvConfig(process.cwd(), process.env.NODE_ENV !== 'production', { info: () => {}, error: (message: string) => process.stderr.write(`${message}\n`) });
}

/** A start-up failure as one clear message: the configuration's own, or the error's. */
export function startFailure(what: string, error: unknown): never {
  const explained = error instanceof StartupError || (error instanceof Error && error.name === 'StartupError');
  const message = explained && error instanceof Error ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`${what} failed to start: ${message}\n`);
  process.exit(1);
}
