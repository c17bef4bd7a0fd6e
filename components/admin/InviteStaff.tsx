'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { cells, DataTable } from '@/components/billing/DataTable';
import { Button } from '@/components/ui/Button';
import { ErrorPanel } from '@/components/ui/ErrorPanel';
import { SelectField } from '@/components/ui/SelectField';
import { TextField } from '@/components/ui/TextField';
import { fetchInvites, inviteStaff, revokeInvite } from '@/lib/api/admin-team';
import { StaffRoleSchema, type StaffRole } from '@/lib/contract/admin';
import type { StaffInvite, StaffInviteRequest } from '@/lib/contract/admin-team';
import { languages } from '@/lib/contract/languages';
import { reportDone, useAdminQuery, useAdminWrite } from './admin-queries';
import { askConsole } from './console-store';
import { AdminStatus, EmptyState, Panel, useDates } from './parts';

/** Owners invite staff by mail (after the password is confirmed) and withdraw invitations not yet accepted. */
export function InviteStaff() {
  const t = useTranslations('admin.invites');
  return (
    <div className="flex flex-col gap-8">
      <Panel title={t('title')}>
        <InviteForm />
      </Panel>
      <Panel title={t('openTitle')}>
        <OpenInvites />
      </Panel>
    </div>
  );
}

function InviteForm() {
  const t = useTranslations('admin.invites');
  const roles = useTranslations('admin.staff.roles');
  const languageName = useTranslations('shell.languages');
  const [request, setRequest] = useState<StaffInviteRequest>({ EmailAddress: '', Role: 'staff', Language: 'en' });
  const [errors, setErrors] = useState<string[]>([]);
  const sending = useAdminWrite(inviteStaff, (message) => setErrors([message]));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors([]);
    sending.mutate(request, {
      onSuccess: () => {
        reportDone(t('sent', { email: request.EmailAddress }));
        setRequest((current) => ({ ...current, EmailAddress: '' }));
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex max-w-3xl flex-col gap-4">
      <p className="text-sm text-slate-700">{t('intro')}</p>
      <ErrorPanel messages={errors} />
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
        <TextField
          label={t('email')}
          type="email"
          autoComplete="off"
          required
          value={request.EmailAddress}
          onChange={(event) => setRequest({ ...request, EmailAddress: event.target.value })}
        />
        <SelectField
          label={t('role')}
          value={request.Role}
          onChange={(event) => setRequest({ ...request, Role: StaffRoleSchema.parse(event.target.value) })}
          options={StaffRoleSchema.options.map((value: StaffRole) => ({ value, label: roles(value) }))}
        />
        <SelectField
          label={t('language')}
          value={request.Language}
          onChange={(event) => setRequest({ ...request, Language: languages.find((code) => code === event.target.value) ?? 'en' })}
          options={languages.map((value) => ({ value, label: languageName(value) }))}
        />
      </div>
      <div>
        <Button type="submit" busy={sending.isPending}>
          {t('send')}
        </Button>
      </div>
    </form>
  );
}

function OpenInvites() {
  const t = useTranslations('admin.invites');
  const { state, retry } = useAdminQuery(['staff-invites'], fetchInvites);
  if (state.status !== 'ready') return <AdminStatus state={state} onRetry={retry} />;
  if (!state.data.Invites.length) return <EmptyState>{t('empty')}</EmptyState>;
  return (
    <DataTable
      label={t('openTitle')}
      caption={t('openTitle')}
      columns={[{ label: t('email') }, { label: t('role') }, { label: t('invitedBy') }, { label: t('expires') }, { label: t('actions') }]}
    >
      {state.data.Invites.map((invite) => (
        <InviteRow key={invite.Key} invite={invite} />
      ))}
    </DataTable>
  );
}

function InviteRow({ invite }: { invite: StaffInvite }) {
  const t = useTranslations('admin.invites');
  const roles = useTranslations('admin.staff.roles');
  const languageName = useTranslations('shell.languages');
  const { dateTime } = useDates();
  const revoking = useAdminWrite(revokeInvite);
  const email = invite.EmailAddress;
  const revoke = async () => {
    if (!(await askConsole({ title: t('revokeTitle'), message: t('revokeMessage', { email }), confirmLabel: t('revoke'), warn: true })))
      return;
    revoking.mutate(invite.Key, { onSuccess: () => reportDone(t('revoked', { email })) });
  };
  return (
    <tr>
      <td className={cells.text}>
        <span className="block max-w-64 truncate font-medium" title={email}>
          {email}
        </span>
        <span className="block text-xs text-slate-600">{languageName(invite.Language)}</span>
      </td>
      <td className={cells.text}>{roles(invite.Role)}</td>
      <td className={cells.text}>
        <span className="block max-w-48 truncate" title={invite.InvitedBy}>
          {invite.InvitedBy}
        </span>
      </td>
      <td className={cells.date}>{dateTime(invite.ExpiresDate)}</td>
      <td className={cells.text}>
        <Button variant="warn" busy={revoking.isPending} aria-label={t('revokeLabel', { email })} onClick={() => void revoke()}>
          {t('revoke')}
        </Button>
      </td>
    </tr>
  );
}
