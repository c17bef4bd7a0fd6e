'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { useLatched } from '@/components/ui/use-latched';
import { LoadingStatus } from '@/components/ui/LoadingStatus';
import { RetryNotice } from '@/components/ui/Notice';
import { ApiCallError } from '@/lib/api/client';
import { confirmTwoStep, fetchTwoStep, startTwoStep } from '@/lib/api/second-factor';
import type { Enrolment, TwoStepStatus } from '@/lib/contract/second-factor';
import { useDataScope } from '../../data/use-data-scope';
import { EnrolmentSteps } from '../second-factor/EnrolmentSteps';
import { RecoveryCodeList } from '../second-factor/RecoveryCodeList';
import { InfoPanel, SettingsCard } from './SettingsCard';
import { settingsPath, type SectionProps, type SessionEnd } from './types';
import { useReportDirty } from './use-report-dirty';

const loginMeta = { login: { returnTo: settingsPath } };

// The dialog and its form load when first opened, not with the settings page.
const TurnOffTwoStepDialog = dynamic(() => import('./TurnOffTwoStepDialog').then((module) => module.TurnOffTwoStepDialog), { ssr: false });

/** Where turning it on has got to: the QR code to scan, then the recovery codes to save. */
type Setup = { step: 'scan'; enrolment: Enrolment } | { step: 'recoveryCodes'; codes: string[] } | null;

/**
 * "Two-step sign-in" (docs/product/accounts.md#two-step-sign-in): off, it turns on with an
 * authenticator app and shows the recovery codes once; on, it turns off with the password and
 * a code. Staff accounts only read that the console requires it. Unsaved while the recovery
 * codes are on screen: leaving then would lose them.
 */
export function TwoStepSection({ onDirtyChange, onSessionEnd }: SectionProps & { onSessionEnd(reason: SessionEnd): void }) {
  const t = useTranslations('account.settings.twoStep');
  const queryKey = [...useDataScope('portal'), 'two-step'];
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey, queryFn: ({ signal }) => fetchTwoStep(signal), meta: { ...loginMeta, showFailure: true } });
  const [setup, setSetup] = useState<Setup>(null);
  const [turningOff, setTurningOff] = useState(false);
  const turnOffWanted = useLatched(turningOff);
  // Back from the setup, the keyboard focus goes to the section's button rather than the page's start.
  const [backFromSetup, setBackFromSetup] = useState(false);
  const leaveSetup = () => {
    setSetup(null);
    setBackFromSetup(true);
  };
  useReportDirty(setup?.step === 'recoveryCodes', onDirtyChange);
  const showStatus = (shown: TwoStepStatus) => queryClient.setQueryData(queryKey, shown);

  const start = useMutation({
    mutationFn: startTwoStep,
    meta: loginMeta,
    onSuccess: (enrolment) => setSetup({ step: 'scan', enrolment }),
    // Turned on meanwhile (another tab): the API client said so; show what is so.
    onError: (error) => {
      if (error instanceof ApiCallError && error.status === 409) void queryClient.invalidateQueries({ queryKey });
    },
  });
  const confirm = useMutation({ mutationFn: confirmTwoStep, meta: loginMeta });

  let content: ReactNode;
  if (!status.data) {
    content =
      status.isError && !status.isFetching ? (
        <RetryNotice text={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void status.refetch()} />
      ) : (
        <LoadingStatus label={t('loading')} />
      );
  } else if (status.data.StaffManaged) {
    content = <p className="text-slate-800">{t('staff')}</p>;
  } else if (setup?.step === 'scan') {
    content = (
      <FocusedStep key="scan" title={t('setupTitle')}>
        <EnrolmentSteps
          enrolment={setup.enrolment}
          t={t}
          onCode={async (code) => {
            const answer = await confirm.mutateAsync(code);
            showStatus({ Enabled: true, StaffManaged: false });
            setSetup({ step: 'recoveryCodes', codes: answer.RecoveryCodes });
          }}
          onRefused={(error) => {
            // A lost session asks for the login (the client-wide handler); already on elsewhere: show what is so.
            if (error.status === 409) void queryClient.invalidateQueries({ queryKey });
            return error.status === 401;
          }}
        />
        <div>
          <Button variant="plain" onClick={leaveSetup}>
            {t('cancel')}
          </Button>
        </div>
      </FocusedStep>
    );
  } else if (setup?.step === 'recoveryCodes') {
    content = (
      <FocusedStep key="recoveryCodes" title={t('recoveryTitle')}>
        <p role="status" className="font-medium text-slate-900">
          {t('enabled')}
        </p>
        <p className="text-slate-700">{t('recoveryIntro')}</p>
        <RecoveryCodeList
          codes={setup.codes}
          texts={{ list: t('recoveryList'), copy: t('copy'), copied: t('copied'), copyFailed: t('copyFailed'), download: t('download') }}
        />
        <div className="flex justify-end">
          <Button onClick={leaveSetup}>{t('done')}</Button>
        </div>
      </FocusedStep>
    );
  } else if (status.data.Enabled) {
    content = (
      <StatusLine text={t('on')}>
        <Button variant="warn" autoFocus={backFromSetup} onClick={() => setTurningOff(true)}>
          {t('turnOff')}
        </Button>
      </StatusLine>
    );
  } else {
    content = (
      <StatusLine text={t('off')}>
        <Button busy={start.isPending} autoFocus={backFromSetup} onClick={() => start.mutate()}>
          {t('turnOn')}
        </Button>
      </StatusLine>
    );
  }

  return (
    <SettingsCard title={t('title')} aside={<InfoPanel>{t('text')}</InfoPanel>}>
      {content}
      {turnOffWanted && (
        <TurnOffTwoStepDialog
          open={turningOff}
          onOpenChange={setTurningOff}
          onTurnedOff={() => {
            setTurningOff(false);
            showStatus({ Enabled: false, StaffManaged: false });
          }}
          onSessionEnd={onSessionEnd}
        />
      )}
    </SettingsCard>
  );
}

function StatusLine({ text, children }: { text: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-800">{text}</p>
      <div className="flex md:justify-end">{children}</div>
    </div>
  );
}

/** A step that replaced the button that led to it: its heading takes the keyboard focus, so nobody is left on the page's start. */
function FocusedStep({ title, children }: { title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-col gap-4">
      <h3 ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
        {title}
      </h3>
      {children}
    </div>
  );
}
