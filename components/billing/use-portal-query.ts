'use client';

import { useQuery } from '@tanstack/react-query';
import { usePathname } from '@/i18n/navigation';
import { isNotFound } from '@/lib/query/client';
import { useSessionGate } from '../account/use-session-gate';
import { useDataScope } from '../data/use-data-scope';

export type PortalData<T> =
  { status: 'loading' } | { status: 'loginRequired' } | { status: 'notFound' } | { status: 'failed' } | { status: 'ready'; data: T };

/**
 * What a billing screen loads for the signed-in user, once the session check is done.
 * A visit without a session asks for a login that returns here; so does a call that finds
 * the session gone (the client-wide 401 handler). A logout while here asks nothing (the shell
 * takes the user home). A missing or foreign id is "not found"; any other failure is shown
 * once and offers a retry.
 */
export function usePortalQuery<T>(key: readonly unknown[], load: (signal: AbortSignal) => Promise<T>) {
  const pathname = usePathname();
  const session = useSessionGate(pathname);
  const queryKey = [...useDataScope('portal'), ...key];
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => load(signal),
    enabled: session === 'loggedIn',
    meta: { login: { returnTo: pathname }, showFailure: true },
  });

  let state: PortalData<T> = { status: 'loading' };
  if (session === 'loggedOut') state = { status: 'loginRequired' };
  // A reload after a change that fails keeps what is shown (its failure is shown once).
  else if (query.data !== undefined) state = { status: 'ready', data: query.data };
  else if (query.isError && !query.isFetching) state = { status: isNotFound(query.error) ? 'notFound' : 'failed' };
  return { state, retry: () => void query.refetch(), queryKey };
}
