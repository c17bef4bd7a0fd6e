'use client';

import { useEffect } from 'react';
import { dismissSnack, useCurrentSnack, type SnackContent } from '@/lib/state/snackbar';
import { keepsDialogsOpen } from '../ui/keeps-dialogs-open';
import { useShellText } from './shell-i18n';

const styles = {
  success: 'bg-success-700 text-white',
  error: 'bg-warn-700 text-white',
  info: 'bg-slate-800 text-white',
} as const;

/**
 * One snack at a time at the bottom centre (docs/product/pages.md#snackbar); duration 0 stays until dismissed. While the
 * cookie notice is shown, the snack stands above it (the notice sets --cookie-notice-height).
 */
export function SnackbarHost() {
  const t = useShellText();
  const snack = useCurrentSnack();

  useEffect(() => {
    if (!snack || snack.duration <= 0) return;
    const timer = setTimeout(() => dismissSnack(snack.id), snack.duration);
    return () => clearTimeout(timer);
  }, [snack]);

  const text = (content: SnackContent) => ('text' in content ? content.text : t(content.key, content.values));

  return (
    <div
      aria-live="polite"
      role="status"
      {...{ [keepsDialogsOpen]: '' }}
      className="pointer-events-none fixed inset-x-0 bottom-[calc(1rem+var(--cookie-notice-height,0px))] z-[60] flex justify-center px-4"
    >
      {snack && (
        <div
          key={snack.id}
          data-testid="snackbar"
          data-style={snack.style}
          // Not cx: every page's first load carries this, and clsx would come with it.
          className={`pointer-events-auto flex max-w-xl animate-fade-in items-center gap-4 rounded-md px-4 py-3 shadow-lg ${styles[snack.style]}`}
        >
          <span>{text(snack.content)}</span>
          <button
            type="button"
            onClick={() => dismissSnack(snack.id)}
            className="rounded px-2 py-1 text-sm font-semibold underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-white"
          >
            {t('snack.dismiss')}
          </button>
        </div>
      )}
    </div>
  );
}
