'use client';

import type { MouseEvent } from 'react';
import { usePathname } from '@/i18n/navigation';
import { fetchSessionInfo } from '@/lib/api/auth';
import { appActions } from '@/lib/state/app-state';
import { openAuthDialog } from '@/lib/state/auth-dialogs';

/**
 * The click of a plain download link (an invoice's PDF, the account's data). A session that
 * ended meanwhile would make the browser save the API's 401 answer as the file, so the click
 * checks the session first and asks for a login, which returns to this page.
 */
export function useSessionCheckedDownload() {
  const pathname = usePathname();
  return async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const href = event.currentTarget.href;
    const session = await fetchSessionInfo().catch(() => undefined);
    if (session && !session.UserName) {
      appActions.setSession(null);
      openAuthDialog('login', pathname);
      return;
    }
    window.location.assign(href);
  };
}
