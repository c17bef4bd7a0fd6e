import type { BackendConfig } from './config';

const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 } as const;
type Level = Exclude<keyof typeof levels, 'silent'>;

/** A line that may repeat many times a second (every request while the database is away) is written once per `everyMs` for its `key`. */
interface Repeats {
  key: string;
  everyMs: number;
}

export type Logger = Record<Level, (message: string, fields?: Record<string, unknown>, repeats?: Repeats) => void>;

/** One JSON line per event, so logs can be searched by request id. A failed write is dropped, never thrown. */
export function createLogger(level: BackendConfig['logLevel'], now: () => number = Date.now): Logger {
  const threshold = levels[level];
  const quiet = new Map<string, { until: number; left: number }>();
  const write = (at: Level) => (message: string, fields?: Record<string, unknown>, repeats?: Repeats) => {
    if (levels[at] < threshold) return;
    let repeated: number | undefined;
    if (repeats) {
      const held = quiet.get(repeats.key);
      if (held && now() < held.until) {
        held.left++;
        return;
      }
      repeated = held?.left || undefined;
      quiet.set(repeats.key, { until: now() + repeats.everyMs, left: 0 });
    }
    const line = JSON.stringify({
      time: new Date(now()).toISOString(),
      level: at,
      message,
      ...fields,
      ...(repeated ? { repeatedSinceLastLine: repeated } : {}),
    });
    try {
      (at === 'error' || at === 'warn' ? process.stderr : process.stdout).write(line + '\n');
    } catch {
      // A full disk or a closed pipe must not take the request or the process down with it.
    }
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
