'use client';

import { openAuthDialog } from '@/lib/state/auth-dialogs';
import { Button } from '../ui/Button';
import { Notice } from '../ui/Notice';

/** Shown on a page behind the login when there is no session; the login comes back to `returnTo`. */
export function LoginPanel({ text, actionLabel, returnTo }: { text: string; actionLabel: string; returnTo: string }) {
  return (
    <Notice>
      <p>{text}</p>
      <Button onClick={() => openAuthDialog('login', returnTo)}>{actionLabel}</Button>
    </Notice>
  );
}
