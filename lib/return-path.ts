// Also loaded by proxy.ts (through lib/portal-guard.ts) and the backend: no `@/` imports and no
// React here. Apart from lib/portal-paths.ts because every page's shell reads the parameter.

const probeOrigin = 'http://return-path.invalid';

/**
 * Only local paths may be used as a return path after login. The path is judged as a browser
 * parses it (which drops tabs and line breaks, reads \ as / and resolves dot segments), and
 * handed back as parsed, never as one that starts with // (which would name another host).
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/')) return null;
  const url = new URL(value, probeOrigin);
  if (url.origin !== probeOrigin || url.pathname.startsWith('//')) return null;
  return url.pathname + url.search + url.hash;
}

/**
 * `?login=<return path>` on a public page opens the login dialog there: where the guard's
 * redirect (proxy.ts, lib/portal-guard.ts) sends a visitor without a session.
 */
export const LOGIN_PARAM = 'login';
