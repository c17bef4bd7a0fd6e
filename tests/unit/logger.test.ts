import { createLogger } from '@/server/logger';

/** The lines the logger writes to standard error while `run` runs. */
function errorLines(run: () => void): Record<string, unknown>[] {
  const lines: string[] = [];
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation((line) => lines.push(String(line)) > 0);
  try {
    run();
  } finally {
    stderr.mockRestore();
  }
  return lines.map((line) => JSON.parse(line));
}

describe('the logger', () => {
  it('writes a repeating line once per interval for its key, then says how many it held back', () => {
    let clock = 0;
    const logger = createLogger('info', () => clock);
    const repeats = { key: 'database away', everyMs: 10_000 };
    const lines = errorLines(() => {
      for (let i = 0; i < 50; i++) logger.error('unhandled error', { i }, repeats);
      logger.error('unhandled error', { other: true }, { key: 'another cause', everyMs: 10_000 });
      clock = 10_000;
      logger.error('unhandled error', { i: 50 }, repeats);
      logger.error('unhandled error', { i: 51 }, repeats);
    });
    expect(lines.map(({ i, other, repeatedSinceLastLine }) => ({ i, other, repeatedSinceLastLine }))).toEqual([
      { i: 0 },
      { other: true },
      { i: 50, repeatedSinceLastLine: 49 },
    ]);
  });

  it('drops a line it cannot write instead of throwing', () => {
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => {
      throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    });
    try {
      expect(() => createLogger('info').error('something failed')).not.toThrow();
    } finally {
      stderr.mockRestore();
    }
  });
});
