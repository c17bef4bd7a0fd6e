/** Spec §2: pages that need a login, where the visitor logs in instead, and where they go after. */
interface LoginFallback {
  page: string;
  returnTo: string;
  keepQuery: boolean;
}

export function loginFallback(path: string): LoginFallback | null {
  if (path === '/store/checkout') return { page: '/store/pricing', returnTo: '/store/pricing', keepQuery: false };
  if (path === '/store/cart') return { page: '/', returnTo: '/store/cart', keepQuery: false };
  if (path === '/account' || path.startsWith('/account/') || path === '/app/talent') {
    return { page: '/', returnTo: path, keepQuery: true };
  }
  return null;
}

/** Only local paths may be used as a return path after login. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}

/** The sub-apps live under /apps/ (spec §2), outside this Next.js app: reached by full navigation. */
export const isHostedApp = (path: string) => path.startsWith('/apps/');
