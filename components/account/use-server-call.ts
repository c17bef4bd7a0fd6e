'use client';

import { useCallback, useEffect, useState } from 'react';
import type { FieldValues, UseFormWatch } from 'react-hook-form';
import { ApiCallError } from '@/lib/api/client';
import { openAuthDialog } from '@/lib/state/auth-dialogs';

interface ServerAnswer {
  messages: string[];
  /** The server accepted the request and says what happens next (a code was mailed). */
  notice: boolean;
}

const noAnswer: ServerAnswer = { messages: [], notice: false };

/**
 * One form's call to the server: the saving flag that disables its button (spec §4
 * "Dialogs"), and the server's messages for the panel above it. A failure the API client
 * already showed ends quietly; a lost session (401) asks for a login that returns here.
 * A refusal is about what was sent, so it goes once the user edits the form; a notice stays.
 */
export function useServerCall<Values extends FieldValues>(watch: UseFormWatch<Values>, loginReturnPath?: string) {
  const [saving, setSaving] = useState(false);
  const [answer, setAnswer] = useState<ServerAnswer>(noAnswer);
  const setMessages = useCallback((messages: string[], notice = false) => setAnswer({ messages, notice }), []);

  useEffect(() => {
    const edits = watch((_values, change) => {
      if (change.type === 'change') setAnswer((shown) => (shown.notice || !shown.messages.length ? shown : noAnswer));
    });
    return () => edits.unsubscribe();
  }, [watch]);

  async function run<T>(call: () => Promise<T>): Promise<T | undefined> {
    setSaving(true);
    setAnswer(noAnswer);
    try {
      return await call();
    } catch (error) {
      if (loginReturnPath && error instanceof ApiCallError && error.status === 401) openAuthDialog('login', loginReturnPath);
      return undefined;
    } finally {
      setSaving(false);
    }
  }

  return { saving, messages: answer.messages, notice: answer.notice, setMessages, run };
}
