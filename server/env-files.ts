import { loadEnvConfig } from '@next/env';

/**
 * Reads the .env files the way Next.js does (.env.production.local, .env.local,
 * .env.production, .env; the development ones outside production), for the processes that
 * Next.js does not start: the standalone backend and the commands. Set variables win. Answers the files it read.
 */
export function loadEnvFiles(): string[] {
  const { loadedEnvFiles } = loadEnvConfig(process.cwd(), process.env.NODE_ENV !== 'production', {
    info: () => {},
    error: (message: string) => process.stderr.write(`${message}\n`),
  });
  return loadedEnvFiles.map((file) => file.path);
}
