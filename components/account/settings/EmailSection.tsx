'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useFieldError } from '@/components/forms/use-field-error';
import { ErrorPanel } from '@/components/ui/ErrorPanel';
import { changeEmail } from '@/lib/api/user';
import { snackbarDurations } from '@/lib/config';
import { trimToNull } from '@/lib/contract/limits';
import type { changeEmailFormSchema } from '@/lib/contract/user';
import { userData } from '@/lib/contract/user-data';
import { lazyZodResolver } from '@/components/forms/lazy-resolver';
import { appActions } from '@/lib/state/app-state';
import { showSuccess } from '@/lib/state/snackbar';
import { emailCodeField, useCodeRecipient } from '../code-field-state';
import { CodeField } from '../CodeField';
import { EmailField } from '../EmailField';
import { PasswordField } from '../PasswordField';
import { useFormMutation } from '../use-form-mutation';
import { UpdateButton, InfoPanel, SettingsCard } from './SettingsCard';
import { settingsPath, type SectionProps, type SessionEnd } from './types';
import { useReportDirty } from './use-report-dirty';

type EmailSchema = ReturnType<typeof changeEmailFormSchema>;
const emptyForm = { NewEmailAddress: '', CurrentPassword: '', Code: '' };

/** "Email / User name" with its code flow and the current password (docs/product/accounts.md#changing-the-email-address). */
export function EmailSection({
  userName,
  onDirtyChange,
  onSessionEnd,
}: SectionProps & { userName: string; onSessionEnd(reason: SessionEnd): void }) {
  const t = useTranslations('account.settings');
  const resolver = useMemo(
    () =>
      lazyZodResolver<z.input<EmailSchema>, z.output<EmailSchema>>(() =>
        import('@/lib/contract/user').then((contract) => contract.changeEmailFormSchema(userName)),
      ),
    [userName],
  );
  const [codeShown, setCodeShown] = useState(false);
  const { codeMailedTo, sentElsewhere } = useCodeRecipient();
  const { register, handleSubmit, formState, reset, resetField, setFocus, watch } = useForm<
    z.input<EmailSchema>,
    unknown,
    z.output<EmailSchema>
  >({
    resolver,
    mode: 'all',
    defaultValues: emptyForm,
  });
  const { saving, messages, notice, setMessages, send } = useFormMutation(watch, changeEmail, settingsPath);
  const fieldError = useFieldError(formState);
  useReportDirty(formState.isDirty, onDirtyChange);

  const onSubmit = handleSubmit(async (values) => {
    const typedCode = codeShown ? trimToNull(values.Code) : null;
    const refusal = sentElsewhere(values.NewEmailAddress, typedCode);
    if (refusal) {
      setMessages([refusal]);
      return;
    }
    const answer = await send({ NewEmailAddress: values.NewEmailAddress, CurrentPassword: values.CurrentPassword, Code: typedCode });
    if (!answer) return;
    if (answer.Data === userData.sessionEnded) return onSessionEnd('wrongPassword');
    const code = emailCodeField(answer);
    if (code) {
      setMessages(
        answer.ErrorMessages.map((error) => error.Message),
        answer.notice,
      );
      resetField('Code');
      setCodeShown(code.shown);
      if (code.shown && !typedCode) codeMailedTo(values.NewEmailAddress);
      if (code.shown) setTimeout(() => setFocus('Code'));
      return;
    }
    appActions.setUserName(values.NewEmailAddress);
    showSuccess({ key: 'account.snack.emailUpdated' }, snackbarDurations.short);
    reset(emptyForm);
    setCodeShown(false);
  });

  return (
    <SettingsCard title={t('email.title')} aside={<InfoPanel>{t('email.help')}</InfoPanel>}>
      <div className="flex flex-col gap-4">
        <dl>
          <dt className="text-sm font-medium text-slate-600">{t('email.current')}</dt>
          <dd data-testid="current-user-name" className="text-base font-semibold [overflow-wrap:anywhere] text-slate-900">
            {userName}
          </dd>
        </dl>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <ErrorPanel messages={messages} notice={notice} />
          {/* Lets password managers tie the password to this account, not to the new address. */}
          <input type="text" name="username" autoComplete="username" value={userName} hidden readOnly />
          <EmailField label={t('email.newEmail')} error={fieldError('NewEmailAddress')} {...register('NewEmailAddress')} />
          <PasswordField
            label={t('email.password')}
            autoComplete="current-password"
            error={fieldError('CurrentPassword')}
            {...register('CurrentPassword')}
          />
          {codeShown && <CodeField label={t('email.code')} hint={t('email.codeHint')} error={fieldError('Code')} {...register('Code')} />}
          <UpdateButton saving={saving} label={t('update')} />
        </form>
      </div>
    </SettingsCard>
  );
}
