import type { BackendConfig } from './config';

const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 } as const;
type Level = Exclude<keyof typeof levels, 'silent'>;

export type Logger = Record<Level, (message: string, fields?: Record<string, unknown>) => void>;

/** One JSON line per event, so logs can be searched by request id. */
export function createLogger(level: BackendConfig['logLevel']): Logger {
  const threshold = levels[level];
  const write = (at: Level) => (message: string, fields?: Record<string, unknown>) => {
    if (levels[at] < threshold) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level: at, message, ...fields });
    (at === 'error' || at === 'warn' ? process.stderr : process.stdout).write(line + '\n');
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
