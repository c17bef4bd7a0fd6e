'use client';

import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { lazyZodResolver } from '@/components/forms/lazy-resolver';
import { acceptInvite, lookUpInvite } from '@/lib/api/admin-team';
import { ApiCallError } from '@/lib/api/client';
import { snackbarDurations } from '@/lib/config';
import type { InviteLookup, InvitePasswordForm, InvitePasswordFormSchema } from '@/lib/contract/admin-team';
import { staffInvitePath } from '@/lib/portal-paths';
import type { SessionInfo } from '@/lib/contract/auth';
import { useAppState } from '@/lib/state/app-state';
import { openAuthDialog } from '@/lib/state/auth-dialogs';
import { adminPaths } from '../admin/paths';
import { useFieldError } from '../forms/use-field-error';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { ErrorPanel } from '../ui/ErrorPanel';
import { LoadingStatus } from '../ui/LoadingStatus';
import { PasswordField } from './PasswordField';
import { useFinishLogin } from './session';
import { TermsLabel } from './TermsLabel';

type Step =
  { status: 'loading' } | { status: 'refused'; messages: string[] } | { status: 'ready'; invite: InviteLookup } | { status: 'accepted' };

/** A refusal's words: the server's (already in the page's language), else the page's own. */
const refusalOf = (error: unknown, fallback: string) =>
  error instanceof ApiCallError && 'text' in error.content ? error.content.text : fallback;

/**
 * The page an invitation's link opens (docs/operator-console.md#team): a password for a new
 * account, or the login of the address's account, then the role; the console follows.
 */
export function StaffInviteAcceptance() {
  const t = useTranslations('account.staffInvite');
  const token = useSearchParams().get('token');
  const checked = useAppState((state) => state.sessionChecked);
  const userName = useAppState((state) => state.sessionInfo?.UserName ?? null);
  const [step, setStep] = useState<Step>({ status: 'loading' });
  const finishLogin = useFinishLogin();

  // Looked up again after a login; once accepted the link is spent, and the page only goes on.
  const accepting = step.status === 'accepted';
  useEffect(() => {
    if (!token || !checked || accepting) return;
    let current = true;
    lookUpInvite(token).then(
      (invite) => current && setStep({ status: 'ready', invite }),
      (error: unknown) => current && setStep({ status: 'refused', messages: [refusalOf(error, t('askAgain'))] }),
    );
    return () => {
      current = false;
    };
  }, [token, checked, userName, accepting, t]);

  if (!token) return <ErrorPanel messages={[t('noToken')]} />;
  if (step.status === 'loading' || step.status === 'accepted') return <LoadingStatus label={t('loading')} />;
  if (step.status === 'refused') {
    return (
      <div className="flex max-w-md flex-col gap-3">
        <ErrorPanel messages={step.messages} />
        <p className="text-slate-700">{t('askAgain')}</p>
      </div>
    );
  }

  // The console's gate asks for the authenticator before anything else.
  const accepted = (session: SessionInfo) => {
    // The token is spent: it need not stay in the address bar or the history.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    setStep({ status: 'accepted' });
    finishLogin(session, { text: t('accepted') }, snackbarDurations.long, adminPaths.overview);
  };
  const { invite } = step;
  return (
    <div className="flex max-w-md flex-col gap-4">
      <p className="font-medium text-slate-900">{t('for', { email: invite.EmailAddress, role: t(`roles.${invite.Role}`) })}</p>
      {!invite.HasAccount ? (
        <NewAccountForm token={token} onAccepted={accepted} />
      ) : invite.SignedIn ? (
        <AcceptForExisting token={token} onAccepted={accepted} />
      ) : (
        <>
          <p className="text-slate-700">{t('loginNeeded')}</p>
          <div>
            <Button onClick={() => openAuthDialog('login', `${staffInvitePath}?token=${encodeURIComponent(token)}`)}>{t('login')}</Button>
          </div>
        </>
      )}
    </div>
  );
}

function AcceptForExisting({ token, onAccepted }: { token: string; onAccepted(session: SessionInfo): void }) {
  const t = useTranslations('account.staffInvite');
  const [busy, setBusy] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);
  const accept = async () => {
    setBusy(true);
    try {
      onAccepted((await acceptInvite({ Token: token })).SessionInfo);
    } catch (error) {
      setMessages([refusalOf(error, t('askAgain'))]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <p className="text-slate-700">{t('signedIn')}</p>
      <ErrorPanel messages={messages} />
      <Button busy={busy} onClick={() => void accept()} className="w-full">
        {t('accept')}
      </Button>
    </>
  );
}

const resolver = lazyZodResolver<InvitePasswordForm, z.output<typeof InvitePasswordFormSchema>>(() =>
  import('@/lib/contract/admin-team').then((contract) => contract.InvitePasswordFormSchema),
);

function NewAccountForm({ token, onAccepted }: { token: string; onAccepted(session: SessionInfo): void }) {
  const t = useTranslations('account.staffInvite');
  const words = useTranslations('account.resetPassword');
  const rules = useTranslations('account.signup');
  const { register, handleSubmit, formState } = useForm<InvitePasswordForm, unknown, z.output<typeof InvitePasswordFormSchema>>({
    resolver,
    mode: 'all',
    defaultValues: { NewPassword: '', RepeatPassword: '', UserAgreedToTerms: false },
  });
  const fieldError = useFieldError(formState);
  const [messages, setMessages] = useState<string[]>([]);

  const onSubmit = handleSubmit(async (values) => {
    setMessages([]);
    try {
      const answer = await acceptInvite({ Token: token, NewPassword: values.NewPassword, UserAgreedToTerms: values.UserAgreedToTerms });
      onAccepted(answer.SessionInfo);
    } catch (error) {
      setMessages([refusalOf(error, t('askAgain'))]);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-slate-700">{t('newAccount')}</p>
      <ErrorPanel messages={messages} />
      <PasswordField
        label={words('newPassword')}
        autoComplete="new-password"
        autoFocus
        hint={rules('passwordHint')}
        error={fieldError('NewPassword')}
        {...register('NewPassword', { deps: ['RepeatPassword'] })}
      />
      <PasswordField
        label={words('repeatPassword')}
        autoComplete="new-password"
        error={fieldError('RepeatPassword')}
        {...register('RepeatPassword')}
      />
      <Checkbox label={<TermsLabel />} error={fieldError('UserAgreedToTerms')} {...register('UserAgreedToTerms')} />
      <Button type="submit" busy={formState.isSubmitting} className="mt-2 w-full">
        {t('create')}
      </Button>
    </form>
  );
}
