'use client';

import type { SessionInfo } from '@/lib/contract/auth';
import { appActions } from '@/lib/state/app-state';
import { refreshAppInfo } from '@/lib/state/startup';

/** Stores a new session, then loads the counts the way startup does (spec §4). */
export async function startSession(session: SessionInfo | null): Promise<void> {
  appActions.setSession(session);
  if (session?.UserName) await refreshAppInfo();
}
