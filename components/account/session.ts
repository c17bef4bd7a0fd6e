'use client';

import { fetchAppInfo } from '@/lib/api/app';
import type { SessionInfo } from '@/lib/contract/auth';
import { appActions } from '@/lib/state/app-state';

/** Stores a new session, then loads the counts the way startup does (spec §4). */
export async function startSession(session: SessionInfo | null): Promise<void> {
  appActions.setSession(session);
  if (!session?.UserName) return;
  try {
    appActions.setAppInfo(await fetchAppInfo());
  } catch {
    // Not shown (spec §7); the counts stay at 0.
  }
}
