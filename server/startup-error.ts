/** A reason a process cannot start that its message explains in full: shown without a stack. */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** A start-up failure as one clear message: the configuration's own, or the error's with the causes under it. */
export function startFailure(what: string, error: unknown): never {
  const explained = error instanceof StartupError || (error instanceof Error && error.name === 'StartupError');
  let message =
    explained && error instanceof Error ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
  // Drizzle's "Failed query" names the statement; what went wrong is in its cause.
  for (
    let cause = error instanceof Error && !explained ? error.cause : undefined, depth = 0;
    cause instanceof Error && depth < 5;
    cause = cause.cause, depth++
  )
    message += `\ncaused by: ${cause.message}`;
  process.stderr.write(`${what} failed to start: ${message}\n`);
  process.exit(1);
}
