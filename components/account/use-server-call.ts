'use client';

import { useState } from 'react';
import { ApiCallError } from '@/lib/api/client';
import { openAuthDialog } from '@/lib/state/auth-dialogs';

/**
 * One form's call to the server: the saving flag that disables its button (spec §4
 * "Dialogs"), and the server's messages for the panel above it. A failure the API client
 * already showed ends quietly; a lost session (401) asks for a login that returns here.
 */
export function useServerCall(loginReturnPath?: string) {
  const [saving, setSaving] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);

  async function run<T>(call: () => Promise<T>): Promise<T | undefined> {
    setSaving(true);
    setMessages([]);
    try {
      return await call();
    } catch (error) {
      if (loginReturnPath && error instanceof ApiCallError && error.status === 401) openAuthDialog('login', loginReturnPath);
      return undefined;
    } finally {
      setSaving(false);
    }
  }

  return { saving, messages, setMessages, run };
}
