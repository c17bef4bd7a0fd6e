'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { sendLoginCode } from '@/lib/api/auth';
import { serverMessages } from '@/lib/api/envelope';
import { readCookieConsent } from '@/lib/browser-storage';
import type { SessionInfo } from '@/lib/contract/auth';
import type { ErrorEnvelope } from '@/lib/contract/envelope';
import { CodeForm } from './second-factor/CodeForm';

/**
 * The login's second step (docs/product/accounts.md#two-step-sign-in): a code from the
 * authenticator app, or a recovery code. A login that waited too long starts over at the
 * password, with the server's reason.
 */
export function LoginCodeStep({
  onLoggedIn,
  onStartOver,
}: {
  onLoggedIn(session: SessionInfo, deletionCancelled: boolean): void;
  onStartOver(reasons: string[]): void;
}) {
  const t = useTranslations('account.login');
  const { mutateAsync } = useMutation({ mutationFn: sendLoginCode });
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{t('codeIntro')}</p>
      <CodeForm
        label={t('codeLabel')}
        hint={t('codeHint')}
        submitLabel={t('codeSubmit')}
        numeric={false}
        autoFocus
        onCode={async (code) => {
          const answer = await mutateAsync({ Code: code, CookieConsent: readCookieConsent() });
          if (answer.SessionInfo) onLoggedIn(answer.SessionInfo, answer.DeletionCancelled ?? false);
        }}
        onRefused={(error) => {
          if (error.status !== 401) return false;
          onStartOver(serverMessages(error.body as ErrorEnvelope | undefined));
          return true;
        }}
      />
    </div>
  );
}
