import { execFileSync } from 'node:child_process';
import packageJson from '../package.json';

/** The release a process runs, as its health answer and its first log line report it. */
export interface Release {
  version: string;
  /** RELEASE_COMMIT when the deploy sets it, else the checkout's HEAD, else "unknown". */
  commit: string;
}

let head: string | null | undefined;

/** The checkout's HEAD, asked once per process. */
function checkoutHead(): string | null {
  if (head === undefined) head = askGit();
  return head;
}

function askGit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'], timeout: 5_000 })
      .toString()
      .trim();
  } catch {
    // Not a checkout, or no git: the commit is unknown unless RELEASE_COMMIT says it.
    return null;
  }
}

export function currentRelease(releaseCommit: string | undefined): Release {
  return { version: packageJson.version, commit: releaseCommit || checkoutHead() || 'unknown' };
}
