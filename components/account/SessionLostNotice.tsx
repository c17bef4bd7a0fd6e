'use client';

import { openAuthDialog } from '@/lib/state/auth-dialogs';
import { useShellText } from '../shell/shell-i18n';
import { Button } from '../ui/Button';

/**
 * Shown above a form whose session ended while it was open (a 401): the form stays, with
 * what was typed, and a login brings the session back to save it.
 */
export function SessionLostNotice({ returnTo }: { returnTo: string }) {
  const text = useShellText();
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-slate-900"
    >
      <p>{text('shell.sessionLost')}</p>
      <Button onClick={() => openAuthDialog('login', returnTo)}>{text('shell.login')}</Button>
    </div>
  );
}
