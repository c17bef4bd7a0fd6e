/** Only local paths may be used as a return path after login. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}

/** The sub-apps live under /apps/ (spec §2), outside this Next.js app: reached by full navigation. */
export const isHostedApp = (path: string) => path.startsWith('/apps/');
