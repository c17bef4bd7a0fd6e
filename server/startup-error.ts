/** A reason a process cannot start that its message explains in full: shown without a stack. */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** A start-up failure as one clear message: the configuration's own, or the error's. */
export function startFailure(what: string, error: unknown): never {
  const explained = error instanceof StartupError || (error instanceof Error && error.name === 'StartupError');
  const message =
    explained && error instanceof Error ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`${what} failed to start: ${message}\n`);
  process.exit(1);
}
