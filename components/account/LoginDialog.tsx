'use client';

import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { login } from '@/lib/api/auth';
import { readCookieConsent } from '@/lib/browser-storage';
import { snackbarDurations } from '@/lib/config';
import type { LoginRequest, LoginRequestSchema } from '@/lib/contract/auth';
import { lazyZodResolver } from '@/components/forms/lazy-resolver';
import { closeAuthDialog, openAuthDialog, useAuthDialog } from '@/lib/state/auth-dialogs';
import { showSuccess } from '@/lib/state/snackbar';
import { useFieldError } from '../forms/use-field-error';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { ErrorPanel } from '../ui/ErrorPanel';
import { EmailField } from './EmailField';
import { PasswordField } from './PasswordField';
import { startSession } from './session';
import { SwitchDialogLine } from './SwitchDialogLine';
import { useGoToReturnPath } from './use-return-path';
import { useServerCall } from './use-server-call';

/** Spec screen 6. */
export function LoginDialog() {
  const t = useTranslations();
  const { open } = useAuthDialog();
  return (
    <Dialog
      open={open === 'login'}
      onOpenChange={(next) => !next && closeAuthDialog()}
      title={t('account.login.title')}
      maxWidth={400}
      closeLabel={t('dialog.close')}
    >
      <LoginForm />
    </Dialog>
  );
}

type LoginValues = Omit<LoginRequest, 'CookieConsent'>;

const resolver = lazyZodResolver<LoginValues, z.output<typeof LoginRequestSchema>>(() => import('@/lib/contract/auth').then((contract) => contract.LoginRequestSchema));

/** Mounted with the dialog's content, so every opening starts with an empty form. */
function LoginForm() {
  const t = useTranslations('account.login');
  const { returnTo } = useAuthDialog();
  const goToReturnPath = useGoToReturnPath();
  const { register, handleSubmit, formState, watch } = useForm<LoginValues, unknown, z.output<typeof LoginRequestSchema>>({
    resolver,
    mode: 'all',
    defaultValues: { UserName: '', Password: '' },
  });
  const { saving, messages, setMessages, run } = useServerCall(watch);
  const fieldError = useFieldError(formState);

  const onSubmit = handleSubmit(async (values) => {
    const answer = await run(() => login({ UserName: values.UserName, Password: values.Password, CookieConsent: readCookieConsent() }));
    if (!answer) return;
    if (!answer.SessionInfo?.UserName) {
      setMessages(answer.Errors.map((error) => error.Message));
      return;
    }
    void startSession(answer.SessionInfo);
    closeAuthDialog();
    if (answer.DeletionCancelled) showSuccess({ key: 'snack.deletionCancelled' }, snackbarDurations.long);
    else showSuccess({ key: 'snack.welcome' }, snackbarDurations.short);
    goToReturnPath(returnTo);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <ErrorPanel messages={messages} />
      <EmailField
        label={t('email')}
        autoComplete="username"
        autoFocus
        error={fieldError('UserName')}
        {...register('UserName')}
      />
      <PasswordField label={t('password')} autoComplete="current-password" error={fieldError('Password')} {...register('Password')} />
      <Button type="submit" busy={saving} className="mt-2 w-full">
        {t('submit')}
      </Button>
      <SwitchDialogLine text={t('noAccount')} action={t('signUp')} onClick={() => openAuthDialog('signup', returnTo)} />
    </form>
  );
}
