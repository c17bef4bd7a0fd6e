'use client';

import { useTranslations } from 'next-intl';
import { notFound } from 'next/navigation';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { LoginPanel } from '@/components/account/LoginPanel';
import { LoadingStatus } from '@/components/ui/LoadingStatus';
import { RetryNotice } from '@/components/ui/Notice';
import { usePathname } from '@/i18n/navigation';
import { fetchStaffMe } from '@/lib/api/admin';
import { ApiCallError } from '@/lib/api/client';
import type { StaffMe } from '@/lib/contract/admin';
import { useAppState } from '@/lib/state/app-state';
import { openAuthDialog } from '@/lib/state/auth-dialogs';
import { ConsoleDialogs } from './ConsoleDialogs';
import { ConsoleShell } from './ConsoleShell';
import { useConsoleState } from './console-store';
import { EnrolScreen } from './EnrolScreen';
import { VerifyScreen } from './VerifyScreen';

type Gate = { status: 'loading' } | { status: 'login' } | { status: 'notFound' } | { status: 'failed' } | { status: 'ready'; me: StaffMe };

const StaffContext = createContext<StaffMe | null>(null);

/** The staff member the console is open for (inside the console only). */
export function useStaff(): StaffMe {
  const me = useContext(StaffContext);
  if (!me) throw new Error('useStaff outside the console');
  return me;
}

/**
 * The console's gate (GET admin/me): without a session the site's login, which returns here;
 * without a staff role Next's not-found page, as for any address that does not exist; then the
 * second factor (enrolment or a code), and only then the console. A call that finds the second
 * factor gone (403) asks here again.
 */
export function AdminConsole({ children }: { children: ReactNode }) {
  const t = useTranslations('admin.gate');
  const pathname = usePathname();
  const checked = useAppState((state) => state.sessionChecked);
  const userName = useAppState((state) => state.sessionInfo?.UserName ?? null);
  const gateChecks = useConsoleState((state) => state.gateChecks);
  const [gate, setGate] = useState<Gate>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const latestPath = useRef(pathname);
  useEffect(() => {
    latestPath.current = pathname;
  });
  const askedForLogin = useRef(false);

  useEffect(() => {
    if (!checked) return;
    if (!userName) {
      if (!askedForLogin.current) openAuthDialog('login', latestPath.current);
      askedForLogin.current = true;
      return;
    }
    askedForLogin.current = true;
    const controller = new AbortController();
    fetchStaffMe(controller.signal).then(
      (me) => !controller.signal.aborted && setGate({ status: 'ready', me }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiCallError && error.status === 404) return setGate({ status: 'notFound' });
        setGate({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [checked, userName, gateChecks, attempt]);

  const recheck = useCallback(() => setAttempt((count) => count + 1), []);

  // Without a session (a logout, or a visit whose cookie had expired) the login comes first.
  const shown: Gate = checked && !userName ? { status: 'login' } : gate;
  let content: ReactNode;
  switch (shown.status) {
    case 'loading':
      content = <LoadingStatus label={t('checking')} />;
      break;
    case 'login':
      content = <LoginPanel text={t('loginRequired')} actionLabel={t('login')} returnTo={pathname} />;
      break;
    case 'notFound':
      // To an account without a role the console does not exist.
      return notFound();
    case 'failed':
      content = (
        <RetryNotice
          text={t('loadFailed')}
          retryLabel={t('retry')}
          onRetry={() => {
            setGate({ status: 'loading' });
            recheck();
          }}
        />
      );
      break;
    case 'ready':
      content =
        shown.me.SecondFactor === 'enrol' ? (
          <EnrolScreen email={shown.me.EmailAddress} onDone={recheck} />
        ) : shown.me.SecondFactor === 'verify' ? (
          <VerifyScreen email={shown.me.EmailAddress} onDone={recheck} />
        ) : (
          <StaffContext.Provider value={shown.me}>
            <ConsoleShell me={shown.me}>{children}</ConsoleShell>
          </StaffContext.Provider>
        );
  }

  return (
    <>
      {shown.status === 'ready' && shown.me.SecondFactor === 'done' ? content : <div className="page-width py-10">{content}</div>}
      <ConsoleDialogs />
    </>
  );
}
