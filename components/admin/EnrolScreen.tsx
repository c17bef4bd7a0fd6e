'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { LoadingStatus } from '@/components/ui/LoadingStatus';
import { RetryNotice } from '@/components/ui/Notice';
import { confirmEnrolment, startEnrolment } from '@/lib/api/admin';
import { ApiCallError } from '@/lib/api/client';
import type { Enrolment } from '@/lib/contract/second-factor';
import { showError } from '@/lib/state/snackbar';
import { EnrolmentSteps } from '@/components/account/second-factor/EnrolmentSteps';
import { RecoveryCodeList } from '@/components/account/second-factor/RecoveryCodeList';

/**
 * First visit of a staff member: an authenticator is set up (QR code, or the secret typed by
 * hand), proved with a code, and the recovery codes are shown once.
 */
export function EnrolScreen({ email, onDone }: { email: string; onDone(): void }) {
  const t = useTranslations('admin.enrol');
  const [enrolment, setEnrolment] = useState<Enrolment | 'loading' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  // Each start makes a new secret (the last QR code shown is the one that works): only on mount and on retry.
  const finished = useRef(onDone);
  useEffect(() => {
    finished.current = onDone;
  });

  useEffect(() => {
    const controller = new AbortController();
    startEnrolment(controller.signal).then(
      (answer) => !controller.signal.aborted && setEnrolment(answer),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // Enrolled meanwhile (another tab): the gate asks for a code instead.
        if (error instanceof ApiCallError && error.status === 409) return finished.current();
        if (error instanceof ApiCallError) showError(error.content);
        setEnrolment('failed');
      },
    );
    return () => controller.abort();
  }, [attempt]);

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={onDone} />;

  return (
    <section aria-labelledby="enrol-heading" className="flex max-w-2xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 id="enrol-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {t('title')}
        </h1>
        <p className="text-slate-700">{t('intro', { email })}</p>
      </div>
      {enrolment === 'loading' ? (
        <LoadingStatus label={t('loading')} />
      ) : enrolment === 'failed' ? (
        <RetryNotice
          text={t('loadFailed')}
          retryLabel={t('retry')}
          onRetry={() => {
            setEnrolment('loading');
            setAttempt((count) => count + 1);
          }}
        />
      ) : (
        <EnrolmentSteps
          enrolment={enrolment}
          t={t}
          onCode={async (code) => {
            const answer = await confirmEnrolment(code);
            setRecoveryCodes(answer.RecoveryCodes);
          }}
          onRefused={(error) => {
            if (error.status !== 409) return false;
            onDone();
            return true;
          }}
        />
      )}
    </section>
  );
}

/** The recovery codes, shown this once: copied or written down before the console opens. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const t = useTranslations('admin.enrol');
  const [saved, setSaved] = useState(false);
  return (
    <section aria-labelledby="recovery-heading" className="flex max-w-2xl flex-col gap-5">
      <h1 id="recovery-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {t('recoveryTitle')}
      </h1>
      <p className="text-slate-700">{t('recoveryIntro')}</p>
      <RecoveryCodeList
        codes={codes}
        texts={{ list: t('recoveryList'), copy: t('copy'), copied: t('copied'), copyFailed: t('copyFailed') }}
      />
      <Checkbox label={t('savedCheck')} checked={saved} onChange={(event) => setSaved(event.target.checked)} />
      <div>
        <Button onClick={onDone} disabled={!saved}>
          {t('continue')}
        </Button>
      </div>
    </section>
  );
}
