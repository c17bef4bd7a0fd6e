import { MutationCache, QueryCache, QueryClient, type Mutation, type Query } from '@tanstack/react-query';
import { ApiCallError } from '../api/client';
import { openAuthDialog, type AuthIntent } from '../state/auth-dialogs';
import { showError } from '../state/snackbar';

/** Where the login asked for by a lost session goes back to, and what it carries out then. */
interface LoginPrompt {
  returnTo: string;
  intent?: AuthIntent;
}

/** What a query or mutation tells the client-wide handlers below. */
interface DataMeta extends Record<string, unknown> {
  /**
   * A lost session (401) opens the login, which returns here. Without it the screen shows its
   * own login panel, since the API client has already cleared the mirrored session.
   */
  login?: LoginPrompt | ((variables: unknown) => LoginPrompt);
  /**
   * A silent read whose failure the screen does not word itself: shown once as an error
   * snack, except a missing or foreign id (404; 400 for a malformed one), the screen's "not found".
   */
  showFailure?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: DataMeta;
    mutationMeta: DataMeta;
  }
}

/** A missing or foreign id: the screen says "not found" (never a leak of what exists). */
export const isNotFound = (error: unknown) => error instanceof ApiCallError && (error.status === 404 || error.status === 400);

/** The one 401 handler: the API client has cleared the session; the login opens where the call asks for it. */
function onFailure(error: unknown, meta: DataMeta | undefined, variables?: unknown) {
  if (!(error instanceof ApiCallError)) return;
  if (error.status === 401) {
    const login = typeof meta?.login === 'function' ? meta.login(variables) : meta?.login;
    if (login) openAuthDialog('login', login.returnTo, login.intent ?? null);
    return;
  }
  if (meta?.showFailure && !isNotFound(error)) showError(error.content);
}

/**
 * One client per island (portal, store, console, the login dialogs). The defaults keep what
 * the screens did before: every visit loads and shows its loading state (gcTime 0: nothing
 * of another visit or user is shown first), a failure is final until the user retries (the
 * API's 4xx answers say what is wrong, and a retried 5xx would only delay the message), and
 * nothing reloads behind the user's back on focus or reconnect, where a form may be open.
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query: Query<unknown, unknown, unknown>) => onFailure(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, variables, _result, mutation: Mutation<unknown, unknown, unknown>) => onFailure(error, mutation.meta, variables),
    }),
    defaultOptions: {
      queries: { retry: false, gcTime: 0, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}
