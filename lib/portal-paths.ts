const probeOrigin = 'http://return-path.invalid';

/**
 * Only local paths may be used as a return path after login. The path is judged as a browser
 * parses it (which drops tabs and line breaks and reads \ as /), and handed back as parsed.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/')) return null;
  const url = new URL(value, probeOrigin);
  return url.origin === probeOrigin ? url.pathname + url.search + url.hash : null;
}

/** The sub-apps live under /apps/ (spec §2), outside this Next.js app: reached by full navigation. */
export const isHostedApp = (path: string) => path.startsWith('/apps/');
