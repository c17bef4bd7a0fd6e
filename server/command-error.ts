/** An operator command that cannot be done: shown as it is (with the usage when the arguments were wrong), and the command exits non-zero. */
export class CommandError extends Error {
  override name = 'CommandError';
  constructor(
    message: string,
    readonly showUsage = false,
  ) {
    super(message);
  }
}

/**
 * An operator command's shell (`npm run staff`, `npm run jobs`): the usage for no arguments or
 * `help`, otherwise `run` with the arguments; a failure is one line, with the usage when the
 * arguments were wrong, and exit code 1.
 */
export function runOperatorCommand(name: string, usage: string, run: (argv: string[]) => Promise<void>): void {
  const argv = process.argv.slice(2);
  if (!argv.length || argv[0] === 'help' || argv[0] === '--help') {
    process.stdout.write(`${usage}\n`);
    if (!argv.length) process.exitCode = 1;
    return;
  }
  run(argv).catch((error: unknown) => {
    if (error instanceof CommandError) process.stderr.write(`${name}: ${error.message}\n${error.showUsage ? `${usage}\n` : ''}`);
    else process.stderr.write(`${name}: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
