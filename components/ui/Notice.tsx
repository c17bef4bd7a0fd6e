import type { ReactNode } from 'react';
import { Button } from './Button';

/** A page's message in place of its content: not ready, not found, not loaded. */
export function Notice({ children }: { children: ReactNode }) {
  return <div className="flex flex-col items-start gap-4 rounded-lg border border-slate-200 bg-slate-50 p-6">{children}</div>;
}

/** A load that failed: what failed, and a button to try again. */
export function RetryNotice({ text, retryLabel, onRetry }: { text: string; retryLabel: string; onRetry(): void }) {
  return (
    <Notice>
      <p role="alert">{text}</p>
      <Button onClick={onRetry}>{retryLabel}</Button>
    </Notice>
  );
}
