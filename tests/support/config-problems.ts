import { ConfigError } from '@/server/config';

/** The problems a configuration is refused with by `read`, or [] when it is accepted. */
export function configProblems(read: () => unknown): string[] {
  try {
    read();
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}
