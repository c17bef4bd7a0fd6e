'use client';

import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { FieldValues, UseFormWatch } from 'react-hook-form';

interface ServerAnswer {
  messages: string[];
  /** The server accepted the request and says what happens next (a code was mailed). */
  notice: boolean;
}

const noAnswer: ServerAnswer = { messages: [], notice: false };

/**
 * One form's write: a mutation whose pending state disables its button (docs/product/pages.md#dialogs),
 * and the server's messages for the panel above it. A failure the API client already showed
 * ends quietly (`send` gives undefined); a lost session asks for a login that returns to
 * `loginReturnTo` (the client-wide 401 handler). A refusal is about what was sent, so it goes
 * once the user edits the form; a notice stays.
 */
export function useFormMutation<Values extends FieldValues, Variables, Answer>(
  watch: UseFormWatch<Values>,
  write: (variables: Variables) => Promise<Answer>,
  loginReturnTo?: string,
) {
  const mutation = useMutation({ mutationFn: write, meta: loginReturnTo ? { login: { returnTo: loginReturnTo } } : undefined });
  const [answer, setAnswer] = useState<ServerAnswer>(noAnswer);
  const setMessages = useCallback((messages: string[], notice = false) => setAnswer({ messages, notice }), []);

  useEffect(() => {
    const edits = watch((_values, change) => {
      if (change.type === 'change') setAnswer((shown) => (shown.notice || !shown.messages.length ? shown : noAnswer));
    });
    return () => edits.unsubscribe();
  }, [watch]);

  const send = (variables: Variables): Promise<Answer | undefined> => {
    setAnswer(noAnswer);
    return mutation.mutateAsync(variables).catch(() => undefined);
  };

  return { saving: mutation.isPending, messages: answer.messages, notice: answer.notice, setMessages, send };
}
