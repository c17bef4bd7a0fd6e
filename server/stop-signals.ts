/**
 * What a stop does, in order: every listener drains (`drain`: it stops taking connections and
 * finishes what it took), then what they used is closed (`close`: jobs, the database).
 */
export type StopPhase = 'drain' | 'close';

type Step = () => Promise<unknown>;
interface StopState {
  steps: Record<StopPhase, Step[]>;
  stop: (code: number, reason?: string) => void;
}

// On globalThis: Next.js bundles a copy of this module of its own (instrumentation.ts), and the
// site server's copy must run the same steps.
const stateKey = Symbol.for('website.stop-steps');
type GlobalWithStop = typeof globalThis & { [stateKey]?: StopState };

function runSteps(steps: Step[]): Promise<unknown> {
  return Promise.all(steps.map((step) => step()));
}

function installStop(): StopState {
  let stopping = false;
  const state: StopState = {
    steps: { drain: [], close: [] },
    stop: (code, reason) => {
      if (stopping) return;
      stopping = true;
      if (reason) process.stderr.write(`${reason}\n`);
      void runSteps(state.steps.drain)
        .then(() => runSteps(state.steps.close))
        .then(
          () => process.exit(code),
          // Still exits (the 'exit' handlers clean up), but says so and tells a supervisor.
          (error: unknown) => {
            process.stderr.write(`stopping: ${error instanceof Error ? error.stack : String(error)}\n`);
            process.exit(code || 1);
          },
        );
    },
  };
  // A stop signal often comes twice: a terminal's Ctrl-C reaches every process of its group,
  // and a parent that passes signals on (scripts/start.mjs, tsx) sends it again. The second
  // must not cut the stop short, as the default action would.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => state.stop(0));
  return state;
}

/**
 * Adds a step to this process's stop on SIGTERM or SIGINT, and returns the stop, which exits
 * once every step has run (the 'exit' handlers then clean up).
 */
export function onStop(phase: StopPhase, step: Step): (code: number, reason?: string) => void {
  const holder = globalThis as GlobalWithStop;
  const state = (holder[stateKey] ??= installStop());
  state.steps[phase].push(step);
  return state.stop;
}
