'use client';

import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { completePasswordReset } from '@/lib/api/auth';
import { snackbarDurations } from '@/lib/config';
import type { PasswordResetForm, PasswordResetFormSchema, SessionInfo } from '@/lib/contract/auth';
import { openAuthDialog } from '@/lib/state/auth-dialogs';
import { showError } from '@/lib/state/snackbar';
import { lazyZodResolver } from '@/components/forms/lazy-resolver';
import { useFieldError } from '../forms/use-field-error';
import { Button } from '../ui/Button';
import { ErrorPanel } from '../ui/ErrorPanel';
import { ForgotPasswordForm } from './ForgotPassword';
import { LoginCodeStep } from './LoginCodeStep';
import { PasswordField } from './PasswordField';
import { useFinishLogin } from './session';
import { useFormMutation } from './use-form-mutation';
import { useGoToReturnPath } from './use-return-path';

/**
 * The page the mailed reset link opens (docs/product/accounts.md#password-reset). Without a
 * token, or once a link is refused, it asks for the address to mail a new link to.
 */
export function ResetPassword() {
  const t = useTranslations('account.resetPassword');
  const token = useSearchParams().get('token');
  const [refused, setRefused] = useState<string[] | null>(null);

  if (refused) {
    return (
      <div className="flex max-w-md flex-col gap-6">
        <ErrorPanel messages={refused} />
        <ForgotPasswordForm />
      </div>
    );
  }
  if (!token) {
    return (
      <div className="max-w-md">
        <ForgotPasswordForm />
      </div>
    );
  }
  return (
    <div className="flex max-w-md flex-col gap-4">
      <p className="text-slate-700">{t('intro')}</p>
      <NewPasswordForm token={token} onRefused={setRefused} />
    </div>
  );
}

const emptyForm = { NewPassword: '', RepeatPassword: '' };

const resolver = lazyZodResolver<PasswordResetForm, z.output<typeof PasswordResetFormSchema>>(() =>
  import('@/lib/contract/auth').then((contract) => contract.PasswordResetFormSchema),
);

function NewPasswordForm({ token, onRefused }: { token: string; onRefused(messages: string[]): void }) {
  const t = useTranslations('account.resetPassword');
  const rules = useTranslations('account.signup');
  const finishLogin = useFinishLogin();
  const goToReturnPath = useGoToReturnPath();
  const { register, handleSubmit, formState, watch } = useForm<PasswordResetForm, unknown, z.output<typeof PasswordResetFormSchema>>({
    resolver,
    mode: 'all',
    defaultValues: emptyForm,
  });
  const { saving, messages, setMessages, send } = useFormMutation(watch, completePasswordReset);
  const fieldError = useFieldError(formState);
  // Two-step sign-in is on: the new password is set, and the login's code step follows.
  const [codeAsked, setCodeAsked] = useState(false);

  // Like a login, a reset within the deletion's grace period keeps the account, and says so.
  const loggedIn = (session: SessionInfo, deletionCancelled = false) => {
    finishLogin(session, deletionCancelled ? { key: 'snack.deletionCancelled' } : { text: t('done') }, snackbarDurations.long);
    goToReturnPath('/account/settings');
  };

  const onSubmit = handleSubmit(async (values) => {
    const answer = await send({ Token: token, NewPassword: values.NewPassword });
    if (!answer) return;
    if (answer.SessionInfo?.UserName || answer.SecondFactor) {
      // The token is spent: it need not stay in the address bar or the history.
      window.history.replaceState(window.history.state, '', window.location.pathname);
      if (answer.SessionInfo) loggedIn(answer.SessionInfo, answer.DeletionCancelled);
      else setCodeAsked(true);
      return;
    }
    const refusals = answer.Errors.map((error) => error.Message);
    // A refused link cannot be mended by typing: the page asks for a new one instead.
    if (answer.linkRefused) onRefused(refusals);
    else setMessages(refusals);
  });

  if (codeAsked) {
    // Waited too long for the code: the new password holds, so the login dialog takes over.
    const startOver = (reasons: string[]) => {
      showError({ text: reasons.join(' ') });
      openAuthDialog('login', '/account/settings');
    };
    return <LoginCodeStep onLoggedIn={loggedIn} onStartOver={startOver} />;
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <ErrorPanel messages={messages} />
      <PasswordField
        label={t('newPassword')}
        autoComplete="new-password"
        autoFocus
        hint={rules('passwordHint')}
        error={fieldError('NewPassword')}
        {...register('NewPassword', { deps: ['RepeatPassword'] })}
      />
      <PasswordField
        label={t('repeatPassword')}
        autoComplete="new-password"
        error={fieldError('RepeatPassword')}
        {...register('RepeatPassword')}
      />
      <Button type="submit" busy={saving} className="mt-2 w-full">
        {t('submit')}
      </Button>
    </form>
  );
}
