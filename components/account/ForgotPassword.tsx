'use client';

import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { requestPasswordReset } from '@/lib/api/auth';
import type { PasswordResetRequest, PasswordResetRequestSchema } from '@/lib/contract/auth';
import { lazyZodResolver } from '@/components/forms/lazy-resolver';
import { openAuthDialog } from '@/lib/state/auth-dialogs';
import { useFieldError } from '../forms/use-field-error';
import { Button } from '../ui/Button';
import { ErrorPanel } from '../ui/ErrorPanel';
import { EmailField } from './EmailField';
import { SwitchDialogLine } from './SwitchDialogLine';
import { useFormMutation } from './use-form-mutation';

const resolver = lazyZodResolver<PasswordResetRequest, z.output<typeof PasswordResetRequestSchema>>(() =>
  import('@/lib/contract/auth').then((contract) => contract.PasswordResetRequestSchema),
);

/**
 * Asks for the address to mail a reset link to. The server's notice is the same for any
 * address; it stays above the form, which can send again (to a corrected address, say).
 */
export function ForgotPasswordForm({ backToLogin = () => openAuthDialog('login') }: { backToLogin?: () => void }) {
  const t = useTranslations('account.forgotPassword');
  const { register, handleSubmit, formState, watch } = useForm<PasswordResetRequest, unknown, z.output<typeof PasswordResetRequestSchema>>({
    resolver,
    mode: 'all',
    defaultValues: { UserName: '' },
  });
  const { saving, messages, notice, setMessages, send } = useFormMutation(watch, requestPasswordReset);
  const fieldError = useFieldError(formState);

  const onSubmit = handleSubmit(async (values) => {
    const answer = await send({ UserName: values.UserName });
    if (answer) setMessages(answer.messages, answer.notice);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{t('intro')}</p>
      <ErrorPanel messages={messages} notice={notice} />
      <EmailField label={t('email')} autoComplete="username" autoFocus error={fieldError('UserName')} {...register('UserName')} />
      <Button type="submit" busy={saving} className="mt-2 w-full">
        {t('submit')}
      </Button>
      <SwitchDialogLine text={t('remembered')} action={t('backToLogin')} onClick={backToLogin} />
    </form>
  );
}
