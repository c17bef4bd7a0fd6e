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
