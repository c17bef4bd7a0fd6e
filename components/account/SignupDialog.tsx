'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { signup } from '@/lib/api/auth';
import { readCookieConsent } from '@/lib/browser-storage';
import type { SignupForm, SignupFormSchema } from '@/lib/contract/auth';
import { lazyZodResolver } from '@/components/forms/lazy-resolver';
import { trimToNull } from '@/lib/contract/limits';
import { dismissAuthDialog, switchAuthDialog, useAuthDialog } from '@/lib/state/auth-dialogs';
import { useFieldError } from '../forms/use-field-error';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { Dialog } from '../ui/Dialog';
import { ErrorPanel } from '../ui/ErrorPanel';
import { signupCodeField, useCodeRecipient } from './code-field-state';
import { CodeField } from './CodeField';
import { EmailField } from './EmailField';
import { PasswordField } from './PasswordField';
import { useFinishLogin } from './session';
import { SwitchDialogLine } from './SwitchDialogLine';
import { TermsLabel } from './TermsLabel';
import { useFormMutation } from './use-form-mutation';

/** Closed by its button or Esc, never by a click beside it (docs/product/accounts.md#sign-up-with-a-code). */
export function SignupDialog() {
  const t = useTranslations();
  const { open } = useAuthDialog();
  return (
    <Dialog
      open={open === 'signup'}
      onOpenChange={(next) => !next && dismissAuthDialog()}
      title={t('account.signup.title')}
      closeOnBackdrop={false}
      closeLabel={t('dialog.close')}
    >
      <SignupFormContent />
    </Dialog>
  );
}

const resolver = lazyZodResolver<SignupForm, z.output<typeof SignupFormSchema>>(() =>
  import('@/lib/contract/auth').then((contract) => contract.SignupFormSchema),
);

function SignupFormContent() {
  const t = useTranslations('account.signup');
  const finishLogin = useFinishLogin();
  const [codeShown, setCodeShown] = useState(false);
  const { codeMailedTo, sentElsewhere } = useCodeRecipient();
  const { register, handleSubmit, formState, resetField, setFocus, watch } = useForm<
    SignupForm,
    unknown,
    z.output<typeof SignupFormSchema>
  >({
    resolver,
    mode: 'all',
    defaultValues: { UserName: '', Password: '', RepeatPassword: '', UserAgreedToTerms: false, Code: '' },
  });
  const { saving, messages, notice, setMessages, send } = useFormMutation(watch, signup);
  const fieldError = useFieldError(formState);

  const onSubmit = handleSubmit(async (values) => {
    const typedCode = codeShown ? trimToNull(values.Code) : null;
    const refusal = sentElsewhere(values.UserName, typedCode);
    if (refusal) {
      setMessages([refusal]);
      return;
    }
    const answer = await send({
      UserName: values.UserName,
      Password: values.Password,
      UserAgreedToTerms: values.UserAgreedToTerms,
      CookieConsent: readCookieConsent(),
      Code: typedCode,
    });
    if (!answer) return;
    if (answer.SessionInfo?.UserName) {
      finishLogin(answer.SessionInfo);
      return;
    }
    setMessages(
      answer.Errors.map((error) => error.Message),
      answer.notice,
    );
    const code = signupCodeField(answer);
    if (!code) return;
    resetField('Code');
    setCodeShown(code.shown);
    if (code.shown && !typedCode) codeMailedTo(values.UserName);
    // The field mounts with this render; focus it once it exists. The dialog's content scrolls
    // beyond 65vh (docs/product/pages.md#dialogs): the notice above the field, the field and
    // CREATE ACCOUNT below it stand together and are brought into view as one, the notice
    // winning should they not all fit.
    if (code.shown)
      setTimeout(() => {
        setFocus('Code');
        const form = document.activeElement?.closest('form');
        form?.querySelector('[type="submit"]')?.scrollIntoView({ block: 'nearest' });
        form?.querySelector('[role="status"], [role="alert"]')?.scrollIntoView({ block: 'nearest' });
      });
  });

  // Once the code is asked for, the server's words are about it: they sit right above its field.
  const serverMessages = <ErrorPanel messages={messages} notice={notice} />;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {!codeShown && serverMessages}
      <EmailField label={t('email')} autoFocus error={fieldError('UserName')} {...register('UserName')} />
      <PasswordField
        label={t('password')}
        autoComplete="new-password"
        hint={t('passwordHint')}
        error={fieldError('Password')}
        {...register('Password', { deps: ['RepeatPassword'] })}
      />
      <PasswordField
        label={t('repeatPassword')}
        autoComplete="new-password"
        error={fieldError('RepeatPassword')}
        {...register('RepeatPassword')}
      />
      {codeShown && (
        <>
          {serverMessages}
          <CodeField label={t('code')} hint={t('codeHint')} error={fieldError('Code')} {...register('Code')} />
        </>
      )}
      <Checkbox label={<TermsLabel />} error={fieldError('UserAgreedToTerms')} {...register('UserAgreedToTerms')} />
      <Button type="submit" busy={saving} className="mt-2 w-full">
        {t('submit')}
      </Button>
      <SwitchDialogLine text={t('haveAccount')} action={t('login')} onClick={() => switchAuthDialog('login')} />
    </form>
  );
}
