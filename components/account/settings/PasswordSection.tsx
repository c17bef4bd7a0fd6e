'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useFieldError } from '@/components/forms/use-field-error';
import { ErrorPanel } from '@/components/ui/ErrorPanel';
import { changePassword } from '@/lib/api/user';
import { snackbarDurations } from '@/lib/config';
import type { ChangePasswordForm, ChangePasswordFormSchema } from '@/lib/contract/user';
import { userData } from '@/lib/contract/user-data';
import { lazyZodResolver } from '@/components/forms/lazy-resolver';
import { showSuccess } from '@/lib/state/snackbar';
import { PasswordField } from '../PasswordField';
import { useFormMutation } from '../use-form-mutation';
import { useSessionsQueryKey } from './SessionsSection';
import { UpdateButton, InfoPanel, SettingsCard } from './SettingsCard';
import { settingsPath, type SectionProps, type SessionEnd } from './types';
import { useReportDirty } from './use-report-dirty';

const emptyForm = { CurrentPassword: '', NewPassword: '', RepeatPassword: '' };

const resolver = lazyZodResolver<ChangePasswordForm, z.output<typeof ChangePasswordFormSchema>>(() =>
  import('@/lib/contract/user').then((contract) => contract.ChangePasswordFormSchema),
);

/** docs/product/accounts.md#changing-the-password */
export function PasswordSection({
  userName,
  onDirtyChange,
  onSessionEnd,
}: SectionProps & { userName: string; onSessionEnd(reason: SessionEnd): void }) {
  const t = useTranslations('account.settings');
  const { register, handleSubmit, formState, reset, watch } = useForm<
    ChangePasswordForm,
    unknown,
    z.output<typeof ChangePasswordFormSchema>
  >({
    resolver,
    mode: 'all',
    defaultValues: emptyForm,
  });
  const { saving, messages, setMessages, send } = useFormMutation(watch, changePassword, settingsPath);
  const queryClient = useQueryClient();
  const sessionsQueryKey = useSessionsQueryKey();
  const fieldError = useFieldError(formState);
  useReportDirty(formState.isDirty, onDirtyChange);

  const onSubmit = handleSubmit(async (values) => {
    const answer = await send({ CurrentPassword: values.CurrentPassword, NewPassword: values.NewPassword });
    if (!answer) return;
    if (answer.Data === userData.sessionEnded) return onSessionEnd('wrongPassword');
    if (answer.ErrorMessages.length) return setMessages(answer.ErrorMessages.map((error) => error.Message));
    showSuccess({ key: 'account.snack.passwordUpdated' }, snackbarDurations.short);
    reset(emptyForm);
    // The other sessions have ended.
    void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
  });

  return (
    <SettingsCard title={t('password.title')} aside={<InfoPanel>{t('password.hint')}</InfoPanel>}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <ErrorPanel messages={messages} />
        {/* Lets password managers tie the new password to this account. */}
        <input type="text" name="username" autoComplete="username" value={userName} hidden readOnly />
        <PasswordField
          label={t('password.current')}
          autoComplete="current-password"
          error={fieldError('CurrentPassword')}
          {...register('CurrentPassword', { deps: ['NewPassword'] })}
        />
        <PasswordField
          label={t('password.new')}
          autoComplete="new-password"
          error={fieldError('NewPassword')}
          {...register('NewPassword', { deps: ['RepeatPassword'] })}
        />
        <PasswordField
          label={t('password.repeat')}
          autoComplete="new-password"
          error={fieldError('RepeatPassword')}
          {...register('RepeatPassword')}
        />
        <UpdateButton saving={saving} label={t('update')} />
      </form>
    </SettingsCard>
  );
}
