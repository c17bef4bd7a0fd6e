'use client';

import { useEffect, useState } from 'react';
import Link from 'next/link';
import { readCookieConsent, recordCookieConsent } from '@/lib/browser-storage';
import { Button } from '../ui/Button';
import { focusPageContent } from '../ui/focus-page-content';
import { useLocalePath, useShellText } from './shell-i18n';

/** Spec screen 4: shown until a consent record exists in local storage. */
export function CookieNotice() {
  const t = useShellText();
  const localePath = useLocalePath();
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(readCookieConsent() === null), []);
  if (!open) return null;

  return (
    <section
      role="dialog"
      aria-label={t('cookieNotice.label')}
      // Sticky, not fixed: at the end of the page it takes its own place below the footer instead of covering it.
      className="sticky bottom-0 z-30 animate-fade-in border-t border-slate-200 bg-white shadow-[0_-4px_16px_rgba(0,0,0,0.08)]"
    >
      <div className="page-width flex flex-wrap items-center gap-4 py-4">
        <p className="flex-1">
          {t('cookieNotice.text')}{' '}
          <Link href={localePath('/legal/privacy-policy')} className="font-semibold text-brand-700 underline">
            {t('cookieNotice.learnMore')}
            {/* Spec wording on screen; the link's text says where it leads for screen readers and crawlers. */}
            <span className="sr-only"> {t('cookieNotice.learnMoreContext')}</span>
          </Link>
        </p>
        <Button
          onClick={(event) => {
            recordCookieConsent();
            // The button goes with the notice: a keyboard user carries on from the page's content.
            if (event.currentTarget === document.activeElement) focusPageContent();
            setOpen(false);
          }}
        >
          {t('cookieNotice.ok')}
        </Button>
      </div>
    </section>
  );
}
