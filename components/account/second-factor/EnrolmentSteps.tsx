'use client';

import type { ApiCallError } from '@/lib/api/client';
import type { Enrolment } from '@/lib/contract/second-factor';
import { AuthenticatorKey } from './AuthenticatorKey';
import { CodeForm } from './CodeForm';

type EnrolmentText = 'scan' | 'qrAlt' | 'manual' | 'enterCode' | 'codeLabel' | 'confirm';

/**
 * The two numbered steps of setting up an authenticator app, for the console's mandatory
 * enrolment and a customer's optional one: scan the key, then confirm with a code.
 */
export function EnrolmentSteps({
  enrolment,
  t,
  onCode,
  onRefused,
}: {
  enrolment: Enrolment;
  t(key: EnrolmentText): string;
  onCode(code: string): Promise<void>;
  onRefused(error: ApiCallError): boolean;
}) {
  return (
    <ol className="flex list-decimal flex-col gap-6 pl-5 text-slate-800 marker:font-semibold">
      <li className="flex flex-col gap-3">
        <AuthenticatorKey enrolment={enrolment} texts={{ scan: t('scan'), qrAlt: t('qrAlt'), manual: t('manual') }} />
      </li>
      <li className="flex flex-col gap-3">
        <p>{t('enterCode')}</p>
        <CodeForm label={t('codeLabel')} submitLabel={t('confirm')} numeric onCode={onCode} onRefused={onRefused} />
      </li>
    </ol>
  );
}
