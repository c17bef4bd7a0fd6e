'use client';

import { Button } from '@/components/ui/Button';
import { buttonClass } from '@/components/ui/button-class';
import { snackbarDurations } from '@/lib/config';
import { showError, showSuccess } from '@/lib/state/snackbar';

interface RecoveryCodeTexts {
  list: string;
  copy: string;
  copied: string;
  copyFailed: string;
  /** The label of a link that saves the codes as a text file; none without it. */
  download?: string;
}

/** The recovery codes, shown once, with a button that copies them all (and a text file to save, if asked). */
export function RecoveryCodeList({ codes, texts }: { codes: string[]; texts: RecoveryCodeTexts }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      showSuccess({ text: texts.copied }, snackbarDurations.short);
    } catch {
      showError({ text: texts.copyFailed });
    }
  };
  return (
    <>
      <ul
        aria-label={texts.list}
        data-testid="recovery-codes"
        className="grid grid-cols-1 gap-2 rounded-lg border border-slate-200 bg-white p-4 font-mono text-base sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="plain" onClick={() => void copy()}>
          {texts.copy}
        </Button>
        {texts.download && (
          <a
            href={`data:text/plain;charset=utf-8,${encodeURIComponent(`${codes.join('\n')}\n`)}`}
            download="recovery-codes.txt"
            className={buttonClass('plain')}
          >
            {texts.download}
          </a>
        )}
      </div>
    </>
  );
}
