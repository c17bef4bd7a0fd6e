'use client';

import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { fetchSessionInfo } from '@/lib/api/auth';
import { restoreEmail } from '@/lib/api/user';
import { appActions } from '@/lib/state/app-state';
import { openAuthDialog } from '@/lib/state/auth-dialogs';
import { ErrorPanel } from '../ui/ErrorPanel';
import { Button } from '../ui/Button';
import { Notice } from '../ui/Notice';

type Outcome = { kind: 'ready' } | { kind: 'restored'; email: string } | { kind: 'refused'; messages: string[] };

/**
 * The page the link mailed to the old address opens: one button sends its token to
 * user/restore-email. A refusal shows the server's words; a failed connection was already
 * shown by the API client and leaves the button to try again.
 */
export function RestoreEmail() {
  const t = useTranslations('account.restoreEmail');
  const token = useSearchParams().get('token');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'ready' });
  const [busy, setBusy] = useState(false);
  const result = useRef<HTMLDivElement>(null);

  // The button is gone once there is an answer: the focus moves to what replaced it.
  useEffect(() => {
    if (outcome.kind !== 'ready') result.current?.focus();
  }, [outcome.kind]);

  async function restore(value: string) {
    setBusy(true);
    try {
      const answer = await restoreEmail({ Token: value });
      if (!answer.email) {
        setOutcome({ kind: 'refused', messages: answer.messages });
        return;
      }
      setOutcome({ kind: 'restored', email: answer.email });
      // The token is spent: it need not stay in the address bar or the history.
      window.history.replaceState(window.history.state, '', window.location.pathname);
      // Every session of the account has ended, this browser's own perhaps among them.
      appActions.setSession(await fetchSessionInfo().catch(() => null));
    } catch {
      // Shown by the API client; the button stays for another try.
    } finally {
      setBusy(false);
    }
  }

  if (outcome.kind === 'restored') {
    return (
      <Notice>
        <div ref={result} tabIndex={-1} role="status" className="flex flex-col gap-2 outline-none">
          <p className="font-semibold text-slate-900">{t('success', { email: outcome.email })}</p>
          <p className="text-slate-700">{t('nextStep')}</p>
        </div>
        <Button onClick={() => openAuthDialog('login', '/account/settings')}>{t('login')}</Button>
      </Notice>
    );
  }

  if (outcome.kind === 'refused') {
    return (
      <div ref={result} tabIndex={-1} className="outline-none">
        <ErrorPanel messages={outcome.messages} />
      </div>
    );
  }

  // Checked after the outcome: a restored page has taken the token out of its address.
  if (!token) {
    return (
      <Notice>
        <p role="alert">{t('noToken')}</p>
      </Notice>
    );
  }

  return (
    <Notice>
      <p className="max-w-prose text-slate-800">{t('intro')}</p>
      <Button busy={busy} onClick={() => void restore(token)}>
        {t('submit')}
      </Button>
    </Notice>
  );
}
