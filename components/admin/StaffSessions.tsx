'use client';

import { useTranslations } from 'next-intl';
import { useDeviceName } from '@/components/account/settings/device-name';
import { cells, DataTable } from '@/components/billing/DataTable';
import { Button } from '@/components/ui/Button';
import { cx } from '@/components/ui/cx';
import { endStaffSession, fetchStaffSessions } from '@/lib/api/admin-team';
import type { AccountSession } from '@/lib/contract/user';
import { reportDone, useAdminQuery, useAdminWrite } from './admin-queries';
import { AdminStatus, ScreenHeading, useDates } from './parts';

/** The staff member's own sessions: device, address, last use; each other one can be signed out. */
export function StaffSessions() {
  const t = useTranslations('admin.sessions');
  const { state, retry } = useAdminQuery(['own-sessions'], fetchStaffSessions);
  return (
    <>
      <ScreenHeading title={t('title')} />
      <p className="mb-4 text-sm text-slate-700">{t('intro')}</p>
      {state.status !== 'ready' ? (
        <AdminStatus state={state} onRetry={retry} />
      ) : (
        <div className="flex flex-col gap-3">
          <DataTable
            label={t('list')}
            caption={t('list')}
            columns={[
              { label: t('device') },
              { label: t('address') },
              { label: t('lastActive') },
              { label: t('signedIn'), wide: true },
              { label: t('actions') },
            ]}
          >
            {state.data.Sessions.map((session) => (
              <SessionRow key={session.Id} session={session} />
            ))}
          </DataTable>
          {state.data.Sessions.every((session) => session.Current) && <p className="text-sm text-slate-700">{t('noOthers')}</p>}
        </div>
      )}
    </>
  );
}

function SessionRow({ session }: { session: AccountSession }) {
  const t = useTranslations('admin.sessions');
  const { dateTime } = useDates();
  const deviceName = useDeviceName();
  const ending = useAdminWrite(endStaffSession);
  const device = deviceName(session);
  return (
    <tr data-testid="own-session">
      <td className={cells.text}>
        <span className="font-medium">{device}</span>
        {session.Current && (
          <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">{t('thisDevice')}</span>
        )}
      </td>
      <td className={cx(cells.text, 'font-mono text-xs')}>{session.ClientAddress ?? t('addressUnknown')}</td>
      <td className={cells.date}>{dateTime(session.LastSeenDate)}</td>
      <td className={cx(cells.date, cells.wide)}>{dateTime(session.CreatedDate)}</td>
      <td className={cells.text}>
        {!session.Current && (
          <Button
            variant="plain"
            aria-label={t('signOutLabel', { device })}
            busy={ending.isPending}
            onClick={() => ending.mutate(session.Id, { onSuccess: () => reportDone(t('signedOut', { device })) })}
          >
            {t('signOut')}
          </Button>
        )}
      </td>
    </tr>
  );
}
