'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useFieldError } from '@/components/forms/use-field-error';
import { ErrorPanel } from '@/components/ui/ErrorPanel';
import { TextField } from '@/components/ui/TextField';
import { updateProfile } from '@/lib/api/user';
import { snackbarDurations } from '@/lib/config';
import { limits, trimToNull } from '@/lib/contract/limits';
import type { profileFormSchema } from '@/lib/contract/user';
import { lazyZodResolver } from '@/components/forms/lazy-resolver';
import { appActions } from '@/lib/state/app-state';
import { showSuccess } from '@/lib/state/snackbar';
import { useFormMutation } from '../use-form-mutation';
import { UpdateButton, SettingsCard } from './SettingsCard';
import { settingsPath, type SectionProps } from './types';
import { useReportDirty } from './use-report-dirty';

type ProfileSchema = ReturnType<typeof profileFormSchema>;

/** Display name: optional; it replaces the email address in some places (docs/product/accounts.md#display-name). */
export function DisplayNameSection({ displayName, onDirtyChange }: SectionProps & { displayName: string | null }) {
  const t = useTranslations('account.settings');
  const resolver = useMemo(
    () =>
      lazyZodResolver<z.input<ProfileSchema>, z.output<ProfileSchema>>(() =>
        import('@/lib/contract/user').then((contract) => contract.profileFormSchema(displayName)),
      ),
    [displayName],
  );
  const { register, handleSubmit, formState, reset, watch } = useForm<z.input<ProfileSchema>, unknown, z.output<ProfileSchema>>({
    resolver,
    mode: 'all',
    defaultValues: { DisplayName: displayName ?? '' },
  });
  const { saving, messages, setMessages, send } = useFormMutation(watch, updateProfile, settingsPath);
  const fieldError = useFieldError(formState);
  useReportDirty(formState.isDirty, onDirtyChange);

  const onSubmit = handleSubmit(async (values) => {
    const DisplayName = trimToNull(values.DisplayName);
    const answer = await send({ DisplayName });
    if (!answer) return;
    if (answer.ErrorMessages.length) return setMessages(answer.ErrorMessages.map((error) => error.Message));
    appActions.setDisplayName(DisplayName);
    showSuccess({ key: 'account.snack.displayNameUpdated' }, snackbarDurations.short);
    reset({ DisplayName: DisplayName ?? '' });
  });

  return (
    <SettingsCard title={t('displayName.title')}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <ErrorPanel messages={messages} />
        <TextField
          label={t('displayName.label')}
          autoComplete="nickname"
          maxLength={limits.displayName}
          hint={t('displayName.hint')}
          error={fieldError('DisplayName')}
          {...register('DisplayName')}
        />
        <UpdateButton saving={saving} label={t('update')} />
      </form>
    </SettingsCard>
  );
}
