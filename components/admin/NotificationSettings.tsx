'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { fetchNotificationSettings, saveNotificationSettings } from '@/lib/api/admin';
import { staffEvents, type StaffEvent } from '@/lib/contract/staff-notifications';
import { reportDone, useAdminQuery, useAdminWrite } from './admin-queries';
import { AdminStatus, ScreenHeading } from './parts';

/** The signed-in staff member's own choice of mail about the business's events. */
export function NotificationSettings() {
  const t = useTranslations('admin.notifications');
  const { state, retry } = useAdminQuery(['notification-settings'], fetchNotificationSettings);
  return (
    <>
      <ScreenHeading title={t('title')} />
      {state.status === 'ready' ? (
        <SettingsForm key={state.data.Events.join()} chosen={state.data.Events} />
      ) : (
        <AdminStatus state={state} onRetry={retry} />
      )}
    </>
  );
}

function SettingsForm({ chosen }: { chosen: StaffEvent[] }) {
  const t = useTranslations('admin.notifications');
  const legendId = useId();
  const [events, setEvents] = useState<StaffEvent[]>(chosen);
  const saving = useAdminWrite(saveNotificationSettings);
  const toggle = (event: StaffEvent, on: boolean) =>
    setEvents((current) => staffEvents.filter((candidate) => (candidate === event ? on : current.includes(candidate))));
  return (
    <form
      noValidate
      className="flex max-w-2xl flex-col gap-5 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
      onSubmit={(submitted) => {
        submitted.preventDefault();
        saving.mutate(events, { onSuccess: () => reportDone(t('saved')) });
      }}
    >
      <p className="text-sm text-slate-700">{t('intro')}</p>
      <fieldset aria-labelledby={legendId} className="flex flex-col gap-3">
        <legend id={legendId} className="mb-2 font-semibold text-slate-900">
          {t('legend')}
        </legend>
        {staffEvents.map((event) => (
          <Checkbox
            key={event}
            label={
              <>
                <span className="font-medium">{t(`event.${event}.label`)}</span>
                <span className="block text-slate-600">{t(`event.${event}.hint`)}</span>
              </>
            }
            checked={events.includes(event)}
            onChange={(changed) => toggle(event, changed.target.checked)}
          />
        ))}
      </fieldset>
      <p className="text-sm text-slate-600">{t('batching')}</p>
      <div>
        <Button type="submit" busy={saving.isPending}>
          {t('save')}
        </Button>
      </div>
    </form>
  );
}
