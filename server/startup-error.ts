/** A reason a process cannot start that its message explains in full: shown without a stack. */
export class StartupError extends Error {
  override name = 'StartupError';
}
