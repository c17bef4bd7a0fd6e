import { StartupError, startFailure } from '@/server/startup-error';

/** What a process that cannot start writes before it exits 1. */
function failureOf(error: unknown): string {
  let written = '';
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation((text) => ((written += String(text)), true));
  const exit = jest.spyOn(process, 'exit').mockImplementation((code) => {
    throw new Error(`exit ${code}`);
  });
  try {
    expect(() => startFailure('backend', error)).toThrow('exit 1');
  } finally {
    stderr.mockRestore();
    exit.mockRestore();
  }
  return written;
}

it('writes an explained failure as its message alone', () => {
  expect(failureOf(new StartupError('PORT 4000 is in use', { cause: new Error('EADDRINUSE') }))).toBe(
    'backend failed to start: PORT 4000 is in use\n',
  );
});

it('writes any other failure with its stack and, under it, each cause (what a failed query hides)', () => {
  const failure = new Error('Failed query: CREATE SCHEMA IF NOT EXISTS "drizzle"', {
    cause: new Error('permission denied for database site'),
  });
  const written = failureOf(failure);
  expect(written).toMatch(/^backend failed to start: Error: Failed query: CREATE SCHEMA IF NOT EXISTS "drizzle"\n {4}at /);
  expect(written).toMatch(/\ncaused by: permission denied for database site\n$/);
});
