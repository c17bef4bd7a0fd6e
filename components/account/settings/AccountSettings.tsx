'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import { useUnsavedChangesGuard } from '@/components/forms/use-unsaved-changes-guard';
import { useRouter } from '@/i18n/navigation';
import { snackbarDurations } from '@/lib/config';
import { appActions, useAppState } from '@/lib/state/app-state';
import { showError, showSuccess } from '@/lib/state/snackbar';
import { LoadingStatus } from '@/components/ui/LoadingStatus';
import { LoginPanel } from '../LoginPanel';
import { useSessionGate } from '../use-session-gate';
import { SessionLostNotice } from '../SessionLostNotice';
import { DangerZone } from './DangerZone';
import { DataExportSection } from './DataExportSection';
import { DisplayNameSection } from './DisplayNameSection';
import { EmailSection } from './EmailSection';
import { PasswordSection } from './PasswordSection';
import { SessionsSection } from './SessionsSection';
import { TwoStepSection } from './TwoStepSection';
import { settingsPath, type SessionEnd } from './types';

type FormName = 'email' | 'password' | 'displayName' | 'twoStep';

/** The settings page's client island (docs/product/accounts.md#settings-page). */
export function AccountSettings() {
  const t = useTranslations('account.settings');
  const router = useRouter();
  const session = useAppState((state) => state.sessionInfo);
  // A session that ends while the page is open (a 401) keeps the forms and what was typed in
  // them: they go on with the last user shown until a login brings the session back.
  const [lastSession, setLastSession] = useState(session);
  if (session?.UserName && session !== lastSession) setLastSession(session);
  const shown = session?.UserName ? session : lastSession;

  // Only a visit without a session asks for a login here; a logout from the menu goes home.
  const gate = useSessionGate(settingsPath);

  const [dirtyForms, setDirtyForms] = useState<ReadonlySet<FormName>>(new Set());
  // One stable callback per form, so a section's report effect runs only when it changes.
  const [reporters] = useState(() => {
    const reporter = (form: FormName) => (dirty: boolean) =>
      setDirtyForms((current) => {
        if (current.has(form) === dirty) return current;
        const next = new Set(current);
        if (dirty) next.add(form);
        else next.delete(form);
        return next;
      });
    return {
      email: reporter('email'),
      password: reporter('password'),
      displayName: reporter('displayName'),
      twoStep: reporter('twoStep'),
    };
  });
  useUnsavedChangesGuard(dirtyForms.size > 0);

  /** The session ends here, then home (docs/product/accounts.md#wrong-current-password, docs/product/accounts.md#account-deletion). */
  const endSession = useCallback(
    (reason: SessionEnd) => {
      appActions.setSession(null);
      if (reason === 'deleted') showSuccess({ key: 'account.snack.accountDeleted' }, snackbarDurations.long);
      else showError({ key: 'account.snack.sessionEndedWrongPassword' }, snackbarDurations.long);
      router.push('/');
    },
    [router],
  );

  if (gate === 'checking') {
    return <LoadingStatus label={t('loading')} />;
  }

  if (!shown?.UserName) {
    return <LoginPanel text={t('loginRequired')} actionLabel={t('login')} returnTo={settingsPath} />;
  }

  return (
    <div className="flex flex-col gap-6">
      {!session?.UserName && <SessionLostNotice returnTo={settingsPath} />}
      <EmailSection userName={shown.UserName} onDirtyChange={reporters.email} onSessionEnd={endSession} />
      <PasswordSection userName={shown.UserName} onDirtyChange={reporters.password} onSessionEnd={endSession} />
      <DisplayNameSection displayName={shown.DisplayName} onDirtyChange={reporters.displayName} />
      <TwoStepSection onDirtyChange={reporters.twoStep} onSessionEnd={endSession} />
      <SessionsSection />
      <DataExportSection />
      <DangerZone onSessionEnd={endSession} />
    </div>
  );
}
