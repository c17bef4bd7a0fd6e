'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRef } from 'react';
import { Button } from '@/components/ui/Button';
import { LoadingStatus } from '@/components/ui/LoadingStatus';
import { RetryNotice } from '@/components/ui/Notice';
import { useDates } from '@/components/ui/use-dates';
import { ApiCallError } from '@/lib/api/client';
import { endAccountSession, endOtherAccountSessions, fetchAccountSessions } from '@/lib/api/user';
import type { AccountSession, AccountSessions } from '@/lib/contract/user';
import { snackbarDurations } from '@/lib/config';
import { showSuccess } from '@/lib/state/snackbar';
import { useDataScope } from '../../data/use-data-scope';
import { useDeviceName } from './device-name';
import { InfoPanel, SettingsCard } from './SettingsCard';
import { settingsPath } from './types';

const loginMeta = { login: { returnTo: settingsPath } };

/** The list's query, which other sections reload when they end sessions. */
export const useSessionsQueryKey = () => [...useDataScope('portal'), 'sessions'];

/** "Where you are signed in": the account's live sessions, each other one with its sign-out (docs/product/accounts.md#where-you-are-signed-in). */
export function SessionsSection() {
  const t = useTranslations('account.settings.sessions');
  const queryKey = useSessionsQueryKey();
  const sessions = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchAccountSessions(signal),
    meta: { ...loginMeta, showFailure: true },
  });

  let content;
  if (sessions.data) content = <SessionList sessions={sessions.data.Sessions} queryKey={queryKey} />;
  else if (sessions.isError && !sessions.isFetching)
    content = <RetryNotice text={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void sessions.refetch()} />;
  else content = <LoadingStatus label={t('loading')} />;

  return (
    <SettingsCard title={t('title')} aside={<InfoPanel>{t('help')}</InfoPanel>}>
      {content}
    </SettingsCard>
  );
}

function SessionList({ sessions, queryKey }: { sessions: AccountSession[]; queryKey: readonly unknown[] }) {
  const t = useTranslations('account.settings.sessions');
  const { dateTime } = useDates();
  const deviceName = useDeviceName();
  const queryClient = useQueryClient();
  // A signed-out row's button is gone: the keyboard focus moves to the list instead of the page.
  const listRef = useRef<HTMLDivElement>(null);
  const shown = (left: AccountSessions) => {
    queryClient.setQueryData(queryKey, left);
    listRef.current?.focus();
  };
  // A refusal (the session had already ended) is shown by the API client; the list is then out of date.
  const reloadAfterRefusal = (error: Error) => {
    if (error instanceof ApiCallError && error.status !== undefined && error.status !== 401 && error.status < 500)
      void queryClient.invalidateQueries({ queryKey });
  };
  const endOne = useMutation({
    mutationFn: (session: AccountSession) => endAccountSession(session.Id),
    meta: loginMeta,
    onSuccess: (left, session) => {
      shown(left);
      showSuccess({ key: 'account.snack.sessionSignedOut', values: { device: deviceName(session) } }, snackbarDurations.short);
    },
    onError: reloadAfterRefusal,
  });
  const endOthers = useMutation({
    mutationFn: endOtherAccountSessions,
    meta: loginMeta,
    onSuccess: (left) => {
      shown(left);
      showSuccess({ key: 'account.snack.otherSessionsSignedOut' }, snackbarDurations.short);
    },
    onError: reloadAfterRefusal,
  });
  const others = sessions.filter((session) => !session.Current);

  return (
    <div ref={listRef} tabIndex={-1} className="flex flex-col gap-4 focus:outline-none">
      <ul aria-label={t('list')} className="flex flex-col divide-y divide-slate-200">
        {sessions.map((session) => (
          <li key={session.Id} className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0">
            <div className="flex flex-col gap-1">
              <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                {deviceName(session)}
                {session.Current && (
                  <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">{t('thisDevice')}</span>
                )}
              </p>
              <p className="text-sm text-slate-600">
                {session.Current ? t('activeNow') : t('lastActive', { when: dateTime(session.LastSeenDate) })}
              </p>
              <p className="text-sm text-slate-600">{t('signedIn', { when: dateTime(session.CreatedDate) })}</p>
            </div>
            {!session.Current && (
              <Button
                variant="plain"
                aria-label={t('signOutLabel', { device: deviceName(session) })}
                busy={endOne.isPending && endOne.variables?.Id === session.Id}
                onClick={() => endOne.mutate(session)}
              >
                {t('signOut')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others.length ? (
        <div className="flex justify-end">
          <Button variant="warn" busy={endOthers.isPending} onClick={() => endOthers.mutate()}>
            {t('signOutOthers')}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-slate-700">{t('noOthers')}</p>
      )}
    </div>
  );
}
