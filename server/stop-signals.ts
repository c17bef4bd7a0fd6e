/**
 * What a stop does, in order: every listener drains (`drain`: it stops taking connections and
 * finishes what it took), then what they used is closed (`close`: jobs, the database).
 */
export type StopPhase = 'drain' | 'close';

type Step = () => Promise<unknown>;
type Steps = Record<StopPhase, Step[]>;

// On globalThis: Next.js bundles a copy of this module of its own (instrumentation.ts), and the
// site server's copy must run the same steps.
const stateKey = Symbol.for('website.stop-steps');
type GlobalWithStop = typeof globalThis & { [stateKey]?: Steps };

function runSteps(steps: Step[]): Promise<unknown> {
  return Promise.all(steps.map((step) => step()));
}

function installStop(): Steps {
  let stopping = false;
  const steps: Steps = { drain: [], close: [] };
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void runSteps(steps.drain)
      .then(() => runSteps(steps.close))
      .then(
        () => process.exit(0),
        // Still exits (the 'exit' handlers clean up), but says so and tells a supervisor.
        (error: unknown) => {
          process.stderr.write(`stopping: ${error instanceof Error ? error.stack : String(error)}\n`);
          process.exit(1);
        },
      );
  };
  // A stop signal often comes twice: a terminal's Ctrl-C reaches every process of its group,
  // and a parent that passes signals on (scripts/start.mjs, tsx) sends it again. The second
  // must not cut the stop short, as the default action would.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, stop);
  return steps;
}

/**
 * Adds a step to this process's stop on SIGTERM or SIGINT, which exits once every step has run
 * (the 'exit' handlers then clean up).
 */
export function onStop(phase: StopPhase, step: Step): void {
  const holder = globalThis as GlobalWithStop;
  (holder[stateKey] ??= installStop())[phase].push(step);
}
