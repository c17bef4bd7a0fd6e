'use client';

import { useState } from 'react';
import { useAppState } from '@/lib/state/app-state';
import { useShellLocale } from '../shell/shell-i18n';

/**
 * What a query depends on besides its own arguments: the language the API answers in (names,
 * countries and messages; the page's, which AppStartup sets before any query starts) and, in
 * the portal, the user whose billing is shown. Keys start with these. A lost session keeps that
 * user, so the call in flight still reports its 401; only another user's login changes it.
 */
export function useDataScope(area: 'portal' | 'store' | 'admin') {
  const userName = useAppState((state) => state.sessionInfo?.UserName ?? null);
  const [shownUser, setShownUser] = useState(userName);
  if (userName && userName !== shownUser) setShownUser(userName);
  const language = useShellLocale();
  return area === 'portal' ? ([area, language, shownUser] as const) : ([area, language] as const);
}
