'use client';

import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { lazyZodResolver } from '@/components/forms/lazy-resolver';
import { useFieldError } from '@/components/forms/use-field-error';
import { FormButtons } from '@/components/ui/FormButtons';
import { Dialog } from '@/components/ui/Dialog';
import { ErrorPanel } from '@/components/ui/ErrorPanel';
import { TextField } from '@/components/ui/TextField';
import { turnOffTwoStep } from '@/lib/api/second-factor';
import { snackbarDurations } from '@/lib/config';
import { limits } from '@/lib/contract/limits';
import type { TurnOffTwoStepRequest, TurnOffTwoStepRequestSchema } from '@/lib/contract/second-factor';
import { userData } from '@/lib/contract/user-data';
import { showSuccess } from '@/lib/state/snackbar';
import { PasswordField } from '../PasswordField';
import { useFormMutation } from '../use-form-mutation';
import { settingsPath, type SessionEnd } from './types';

interface TurnOffProps {
  onTurnedOff(): void;
  onSessionEnd(reason: SessionEnd): void;
}

/** Turning two-step sign-in off asks for the current password and a code (docs/product/accounts.md#two-step-sign-in). */
export function TurnOffTwoStepDialog({ open, onOpenChange, ...form }: TurnOffProps & { open: boolean; onOpenChange(open: boolean): void }) {
  const t = useTranslations();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('account.settings.twoStepOffDialog.title')} closeLabel={t('dialog.close')}>
      <TurnOffForm onCancel={() => onOpenChange(false)} {...form} />
    </Dialog>
  );
}

const resolver = lazyZodResolver<TurnOffTwoStepRequest, z.output<typeof TurnOffTwoStepRequestSchema>>(() =>
  import('@/lib/contract/second-factor').then((contract) => contract.TurnOffTwoStepRequestSchema),
);

function TurnOffForm({ onCancel, onTurnedOff, onSessionEnd }: TurnOffProps & { onCancel(): void }) {
  const t = useTranslations('account.settings.twoStepOffDialog');
  const { register, handleSubmit, formState, watch, resetField } = useForm<
    TurnOffTwoStepRequest,
    unknown,
    z.output<typeof TurnOffTwoStepRequestSchema>
  >({ resolver, mode: 'all', defaultValues: { CurrentPassword: '', Code: '' } });
  const { saving, messages, setMessages, send } = useFormMutation(watch, turnOffTwoStep, settingsPath);
  const fieldError = useFieldError(formState);

  const onSubmit = handleSubmit(async (values) => {
    const answer = await send(values);
    if (!answer) return;
    if (answer.Data === userData.sessionEnded) return onSessionEnd('wrongPassword');
    if (answer.ErrorMessages.length) {
      setMessages(answer.ErrorMessages.map((error) => error.Message));
      // A code is good once and for half a minute: the next try needs a new one.
      resetField('Code');
      return;
    }
    showSuccess({ key: 'account.snack.twoStepOff' }, snackbarDurations.short);
    onTurnedOff();
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{t('text')}</p>
      <ErrorPanel messages={messages} />
      <PasswordField
        label={t('password')}
        autoComplete="current-password"
        autoFocus
        error={fieldError('CurrentPassword')}
        {...register('CurrentPassword')}
      />
      <TextField
        label={t('code')}
        hint={t('codeHint')}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={limits.secondFactorCode}
        className="[&_input]:font-mono [&_input]:tracking-[0.2em]"
        error={fieldError('Code')}
        {...register('Code')}
      />
      <FormButtons variant="warn" cancelLabel={t('cancel')} submitLabel={t('confirm')} busy={saving} onCancel={onCancel} />
    </form>
  );
}
