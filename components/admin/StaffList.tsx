'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { cells, DataTable } from '@/components/billing/DataTable';
import { Button } from '@/components/ui/Button';
import { SelectField } from '@/components/ui/SelectField';
import { changeStaffRole, fetchStaff } from '@/lib/api/admin';
import { StaffRoleSchema, type CustomerRow, type StaffRole } from '@/lib/contract/admin';
import { reportDone, useAdminQuery, useAdminWrite } from './admin-queries';
import { useStaff } from './AdminConsole';
import { askConsole } from './console-store';
import { InviteStaff } from './InviteStaff';
import { AdminStatus, EmptyState, ScreenHeading } from './parts';

/** Owners only: who has a role, and changing or removing it (after the password is confirmed). */
export function StaffList() {
  const t = useTranslations('admin.staff');
  const { state, retry } = useAdminQuery(['staff'], fetchStaff);
  return (
    <>
      <ScreenHeading title={t('title')} />
      <p className="mb-4 text-sm text-slate-700">{t('intro')}</p>
      {state.status !== 'ready' ? (
        <AdminStatus state={state} notFound={t('ownersOnly')} onRetry={retry} />
      ) : (
        <div className="flex flex-col gap-10">
          {state.data.length === 0 ? (
            <EmptyState>{t('empty')}</EmptyState>
          ) : (
            <DataTable
              label={t('title')}
              caption={t('title')}
              columns={[{ label: t('member') }, { label: t('role') }, { label: t('actions') }]}
            >
              {state.data.map((member) => (
                <StaffRow key={`${member.Key}:${member.Role}`} member={member} />
              ))}
            </DataTable>
          )}
          <InviteStaff />
        </div>
      )}
    </>
  );
}

function StaffRow({ member }: { member: CustomerRow }) {
  const t = useTranslations('admin.staff');
  const me = useStaff();
  const [role, setRole] = useState<StaffRole>(member.Role ?? 'staff');
  const saving = useAdminWrite((next: StaffRole | null) => changeStaffRole(member.Key, next));
  const email = member.EmailAddress;

  const save = async (next: StaffRole | null) => {
    if (
      next === null &&
      !(await askConsole({ title: t('removeTitle'), message: t('removeMessage', { email }), confirmLabel: t('remove'), warn: true }))
    )
      return;
    saving.mutate(next, { onSuccess: () => reportDone(next === null ? t('removed', { email }) : t('changed', { email })) });
  };

  return (
    <tr>
      <td className={cells.text}>
        <span className="inline-block max-w-64 truncate align-bottom font-medium" title={email}>
          {email}
        </span>
        {member.EmailAddress === me.EmailAddress && <span className="ml-2 text-xs text-slate-600">{t('you')}</span>}
        {member.DisplayName && <span className="block text-xs text-slate-600">{member.DisplayName}</span>}
      </td>
      <td className={cells.text}>
        <SelectField
          label={<span className="sr-only">{t('roleOf', { email })}</span>}
          value={role}
          onChange={(event) => setRole(StaffRoleSchema.parse(event.target.value))}
          options={StaffRoleSchema.options.map((value) => ({ value, label: t(`roles.${value}`) }))}
          className="min-w-32 [&>label]:sr-only"
        />
      </td>
      <td className={cells.text}>
        <span className="flex flex-wrap gap-2">
          <Button
            variant="plain"
            busy={saving.isPending && saving.variables !== null}
            disabled={role === member.Role}
            onClick={() => void save(role)}
          >
            {t('changeRole')}
          </Button>
          <Button variant="warn" busy={saving.isPending && saving.variables === null} onClick={() => void save(null)}>
            {t('remove')}
          </Button>
        </span>
      </td>
    </tr>
  );
}
