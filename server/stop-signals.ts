/**
 * Runs `close` once on SIGTERM or SIGINT, or when `stop` is called, then exits, which runs the
 * 'exit' handlers. A stop signal often comes twice: a terminal's Ctrl-C reaches every process of
 * its group, and a parent that passes signals on (scripts/start.mjs, tsx) sends it again. The
 * second must not cut the closing short, as the default action would.
 */
export function stopOnSignals(close: () => Promise<unknown>): (code: number, reason?: string) => void {
  let stopping = false;
  const stop = (code: number, reason?: string) => {
    if (stopping) return;
    stopping = true;
    if (reason) process.stderr.write(`${reason}\n`);
    void close().then(
      () => process.exit(code),
      // Still exits (the 'exit' handlers clean up), but says so and tells a supervisor.
      (error: unknown) => {
        process.stderr.write(`stopping: closing failed: ${error instanceof Error ? error.stack : String(error)}\n`);
        process.exit(code || 1);
      },
    );
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stop(0));
  return stop;
}
