'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { login } from '@/lib/api/auth';
import { readCookieConsent } from '@/lib/browser-storage';
import { snackbarDurations } from '@/lib/config';
import type { LoginRequest, LoginRequestSchema, SessionInfo } from '@/lib/contract/auth';
import { lazyZodResolver } from '@/components/forms/lazy-resolver';
import { dismissAuthDialog, switchAuthDialog, useAuthDialog } from '@/lib/state/auth-dialogs';
import { useFieldError } from '../forms/use-field-error';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { ErrorPanel } from '../ui/ErrorPanel';
import { EmailField } from './EmailField';
import { LoginCodeStep } from './LoginCodeStep';
import { PasswordField } from './PasswordField';
import { useFinishLogin } from './session';
import { DialogLinkButton, SwitchDialogLine } from './SwitchDialogLine';
import { useFormMutation } from './use-form-mutation';

/** docs/product/accounts.md#login */
export function LoginDialog() {
  const t = useTranslations();
  const { open } = useAuthDialog();
  return (
    <Dialog
      open={open === 'login'}
      onOpenChange={(next) => !next && dismissAuthDialog()}
      title={t('account.login.title')}
      maxWidth={400}
      closeLabel={t('dialog.close')}
    >
      <LoginForm />
    </Dialog>
  );
}

type LoginValues = Omit<LoginRequest, 'CookieConsent'>;

const resolver = lazyZodResolver<LoginValues, z.output<typeof LoginRequestSchema>>(() =>
  import('@/lib/contract/auth').then((contract) => contract.LoginRequestSchema),
);

/** Mounted with the dialog's content, so every opening starts with an empty form. */
function LoginForm() {
  const t = useTranslations('account.login');
  const finishLogin = useFinishLogin();
  const { register, handleSubmit, formState, watch } = useForm<LoginValues, unknown, z.output<typeof LoginRequestSchema>>({
    resolver,
    mode: 'all',
    defaultValues: { UserName: '', Password: '' },
  });
  const { saving, messages, setMessages, send } = useFormMutation(watch, login);
  const fieldError = useFieldError(formState);
  // The password was right and the account has two-step sign-in on: the code replaces the form.
  const [codeAsked, setCodeAsked] = useState(false);

  /** The login went through, by the password alone or with the two-step code. */
  const finish = (session: SessionInfo, deletionCancelled = false) => {
    if (deletionCancelled) finishLogin(session, { key: 'snack.deletionCancelled' }, snackbarDurations.long);
    else finishLogin(session);
  };

  const onSubmit = handleSubmit(async (values) => {
    const answer = await send({ UserName: values.UserName, Password: values.Password, CookieConsent: readCookieConsent() });
    if (!answer) return;
    if (answer.SecondFactor) return setCodeAsked(true);
    if (!answer.SessionInfo?.UserName) {
      setMessages(answer.Errors.map((error) => error.Message));
      return;
    }
    finish(answer.SessionInfo, answer.DeletionCancelled);
  });

  if (codeAsked) {
    const startOver = (reasons: string[]) => {
      setCodeAsked(false);
      setMessages(reasons);
    };
    return <LoginCodeStep onLoggedIn={finish} onStartOver={startOver} />;
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <ErrorPanel messages={messages} />
      <EmailField label={t('email')} autoComplete="username" autoFocus error={fieldError('UserName')} {...register('UserName')} />
      <PasswordField label={t('password')} autoComplete="current-password" error={fieldError('Password')} {...register('Password')} />
      <DialogLinkButton onClick={() => switchAuthDialog('forgotPassword')} className="self-end text-sm">
        {t('forgotPassword')}
      </DialogLinkButton>
      <Button type="submit" busy={saving} className="mt-2 w-full">
        {t('submit')}
      </Button>
      <SwitchDialogLine text={t('noAccount')} action={t('signUp')} onClick={() => switchAuthDialog('signup')} />
    </form>
  );
}
